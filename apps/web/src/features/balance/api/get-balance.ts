import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * balance.get: a reseller's balances, one per currency. Every balance view shares this query, so
 * a top-up or a generation (which invalidate endpointKey('balance')) refreshes all of them.
 */
export const balanceQuery = () => endpointQuery('balance', 'get', {}, { silent: true });
export const useBalances = (enabled = true) => useQuery({ ...balanceQuery(), enabled });
