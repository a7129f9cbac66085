import { useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** charge.list: recharge records, of one device or all. */
export const rechargeListQuery = (body: RequestOf<'charge', 'list'>) => endpointQuery('charge', 'list', body);
export const useRechargeList = (deviceId: number | undefined) => useQuery(rechargeListQuery({ page: 1, size: 50, i18n: useLanguage(), ...(deviceId ? { deviceId } : {}) }));
