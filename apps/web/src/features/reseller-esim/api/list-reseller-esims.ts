import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** resellerNumber.list: the generated eSIMs, one page, by class and batch. */
export const resellerEsimListQuery = (body: RequestOf<'resellerNumber', 'list'>) => endpointQuery('resellerNumber', 'list', body);

/** The previous page stays on screen while the next one is read. */
export const useResellerEsimList = (body: RequestOf<'resellerNumber', 'list'>) => useQuery({ ...resellerEsimListQuery(body), placeholderData: keepPreviousData });
