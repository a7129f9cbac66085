import { ADMIN_PRODUCT_IMAGE_PATH, type ProductImageUpload } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminUpload } from '@/lib/api-client';

/** The WeChat QR picture goes up like product pictures (checked and stored by the server); its `image` is saved with the channels. */
export const useUploadQr = () => useMutation({ mutationFn: (file: Blob) => adminUpload<ProductImageUpload>(ADMIN_PRODUCT_IMAGE_PATH, file) });
