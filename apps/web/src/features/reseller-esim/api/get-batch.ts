import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** resellerNumber.batches of one batch number: its quantity and amount. */
export const batchQuery = (batchNo: string, lang: string) => endpointQuery('resellerNumber', 'batches', { batchNo, page: 1, size: 1, i18n: lang });
export const useBatch = (batchNo: string, lang: string) => useQuery(batchQuery(batchNo, lang));

/** The eSIMs of one batch as the generate tab lists them under the form (resellerNumber.list). */
export const batchItemsBody = (batchNo: string, lang: string) => ({ batchNo, page: 1, size: 100, i18n: lang });
