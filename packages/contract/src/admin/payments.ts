import { adminEndpoint } from './define.ts';

/** Console: payments and background jobs. */
export const adminPaymentEndpoint = adminEndpoint('payment', 'payments and background jobs', {});
