import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '@simshop/contract';
import { Upload } from 'antd';

/** The server's image size limit in MB, for the messages that name it. */
export const IMAGE_MAX_MB = PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * An antd Upload `beforeUpload` that refuses, before sending, what the server would refuse
 * (type or size), telling the user with the catalogue's message.
 */
export function checkImageFile(showError: () => void) {
  return (file: File): boolean | string => {
    if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > PRODUCT_IMAGE_MAX_BYTES) {
      showError();
      return Upload.LIST_IGNORE;
    }
    return true;
  };
}
