import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';
import { batchItemsBody, batchQuery } from './get-batch';

/**
 * resellerNumber.generate: a batch of eSIMs paid from the balance. The answer already holds the
 * batch and its eSIMs, so the result under the form shows them at once. Refused or not, the
 * balances, their history, the pools and the lists read again: a refusal (balance too low, not
 * enough left) is about what the page shows.
 */
export const useGenerateEsims = () =>
  useEndpointMutation('resellerNumber', 'generate', {
    invalidates: [endpointKey('balance'), endpointKey('billing'), endpointKey('resellerNumber', 'classes'), endpointKey('resellerNumber', 'list')],
    invalidateOnError: true,
    written: (queryClient, res, body) => {
      queryClient.setQueryData(batchQuery(res.batch.batchNo, body.i18n ?? 'en').queryKey, { items: [res.batch], total: 1 });
      queryClient.setQueryData(endpointKey('resellerNumber', 'list', batchItemsBody(res.batch.batchNo, body.i18n ?? 'en')), { items: res.items, total: res.items.length, page: 1, size: 100 });
    },
  });
