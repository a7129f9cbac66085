import { adminEndpoint } from './define.ts';

/** Console: catalogue. */
export const adminProductEndpoint = adminEndpoint('product', 'catalogue', {});
