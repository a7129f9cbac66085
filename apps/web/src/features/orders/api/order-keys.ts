import type { QueryKey } from '@tanstack/react-query';
import { endpointKey } from '@/lib/endpoint-query';

/** What an order write changes: every order query (list, detail, preview). */
export const ORDER_WRITE_INVALIDATES: readonly QueryKey[] = [endpointKey('order')];
