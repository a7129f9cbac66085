import type { QueryKey } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';

/**
 * What an order write changes: every order query (list, detail, preview), which of its items can
 * be reviewed (a refunded order no longer can) and the eSIMs (a refund cancels them, data is added).
 */
export const ORDER_WRITE_INVALIDATES: readonly QueryKey[] = [endpointKey('order'), endpointKey('product', 'order_reviews'), endpointKey('esim')];
