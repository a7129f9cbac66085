import { adminEndpoint } from './define.ts';

/** Console: eSIM inventory. */
export const adminInventoryEndpoint = adminEndpoint('inventory', 'eSIM inventory', {});
