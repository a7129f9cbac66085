import { adminEndpoint } from './define.ts';

/** Console: orders. */
export const adminOrderEndpoint = adminEndpoint('order', 'orders', {});
