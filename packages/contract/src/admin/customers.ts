import { adminEndpoint } from './define.ts';

/** Console: customers and resellers. */
export const adminCustomerEndpoint = adminEndpoint('customer', 'customers and resellers', {});
