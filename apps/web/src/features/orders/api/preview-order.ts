import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * order.preview: the server prices a draft (checkout). A changed coupon or pickup keeps the page
 * as it was while the new price loads.
 */
export const useOrderPreview = (body: RequestOf<'order', 'preview'>, enabled: boolean) => useQuery({ ...endpointQuery('order', 'preview', body), placeholderData: keepPreviousData, enabled });
