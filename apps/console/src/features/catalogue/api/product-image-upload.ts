import { ADMIN_PRODUCT_IMAGE_PATH, type ProductImageUpload } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminUpload } from '@/lib/api-client';

/** Uploads one image (multipart, checked and stored by the server); the answer's `image` goes into the product's images. */
export const useUploadProductImage = () => useMutation({ mutationFn: (file: Blob) => adminUpload<ProductImageUpload>(ADMIN_PRODUCT_IMAGE_PATH, file) });
