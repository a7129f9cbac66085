import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WebhookDeliveryStatus, type WebhookDelivery } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** webhook.list: the reseller's endpoints; every endpoint write refreshes it. */
export const useWebhooks = () => useQuery(endpointQuery('webhook', 'list', {}, { silent: true }));

const PAGE = 20;
/** While a delivery waits for a try, the log looks again this often, so its outcome shows without a reload. */
const OPEN_POLL_MS = 3_000;
const open = (d: WebhookDelivery) => d.status === WebhookDeliveryStatus.pending || d.status === WebhookDeliveryStatus.retrying;

/** webhook.deliveries of one endpoint, newest first, a page at a time by cursor. */
const deliveriesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: endpointKey('webhook', 'deliveries', { id, limit: PAGE }),
    queryFn: ({ pageParam, signal }) => call('webhook', 'deliveries', { id, limit: PAGE, ...(pageParam === null ? {} : { cursor: pageParam }) }, { silent: true, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    // Only a pending first delivery is waited for: one due in hours is not polled for.
    refetchInterval: (query) => (query.state.data?.pages[0]?.items.some((d) => open(d) && (d.nextAttemptAt ?? 0) <= Date.now() + OPEN_POLL_MS) ? OPEN_POLL_MS : false),
  });
export const useDeliveries = (id: number) => useInfiniteQuery(deliveriesQuery(id));

const endpoints = { invalidates: [endpointKey('webhook', 'list')], silent: true } as const;
const deliveries = { invalidates: [endpointKey('webhook', 'deliveries')], silent: true } as const;
/** webhook.create / rotate: the answer carries the signing secret, shown once by the page. */
export const useCreateWebhook = () => useEndpointMutation('webhook', 'create', endpoints);
export const useUpdateWebhook = () => useEndpointMutation('webhook', 'update', endpoints);
export const useDeleteWebhook = () => useEndpointMutation('webhook', 'delete', endpoints);
export const useRotateWebhook = () => useEndpointMutation('webhook', 'rotate', endpoints);
export const useRedeliver = () => useEndpointMutation('webhook', 'redeliver', deliveries);
export const useSendTest = () => useEndpointMutation('webhook', 'test', deliveries);
