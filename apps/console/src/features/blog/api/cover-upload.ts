import { ADMIN_PRODUCT_IMAGE_PATH, type ProductImageUpload } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminUpload } from '@/lib/api-client';

/** Uploads a cover picture into the image store product pictures use; the answer's `image` is the post's cover. */
export const useUploadCover = () => useMutation({ mutationFn: (file: Blob) => adminUpload<ProductImageUpload>(ADMIN_PRODUCT_IMAGE_PATH, file) });
