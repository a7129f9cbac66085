import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ActionName, EndpointName, RequestOf, ResponseOf } from '@simshop/contract';
import { ApiError, call, type CallOptions } from './api-client';

/**
 * The web app's one data-layer convention (docs/decisions.md, "One data layer on the web"):
 * every endpoint action has one file under features/<domain>/api/ that builds its query options
 * and hook from these helpers. Keys are derived, never typed by hand: [endpoint, action, body].
 * TanStack Query matches keys by prefix, so a write invalidates `endpointKey('order')` (every
 * order query), `endpointKey('order', 'list')` (every page of the list) or one exact body.
 */
export function endpointKey<E extends EndpointName>(endpoint: E): readonly [E];
export function endpointKey<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A): readonly [E, A];
export function endpointKey<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>): readonly [E, A, RequestOf<E, A>];
export function endpointKey(...parts: readonly unknown[]): QueryKey {
  return parts;
}

/** A read: its key is the call itself, its function the signed API call with the query's abort signal. */
export function endpointQuery<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>, options: Omit<CallOptions, 'signal'> = {}) {
  return queryOptions({
    queryKey: endpointKey(endpoint, action, body),
    queryFn: ({ signal }): Promise<ResponseOf<E, A>> => call(endpoint, action, body, { ...options, signal }),
  });
}

/**
 * A search asked for when the customer submits it: the server answers "no search results"
 * (res.search.empty) as a refusal, which here is an answer, null, shown in place; any other
 * failure is the query's error, shown by the page. Not retried: the customer searches again.
 */
export function endpointSearchQuery<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, body: RequestOf<E, A>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, action, body),
    queryFn: async ({ signal }): Promise<ResponseOf<E, A> | null> => {
      try {
        return await call(endpoint, action, body, { signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.i18n === 'res.search.empty') return null;
        throw err;
      }
    },
    retry: false,
  });
}

type Paged = { page: number; size: number; total: number };

/**
 * A paged list read page by page (infinite scroll): the body without its page is the key; the
 * next page is asked for while the pages read so far hold fewer rows than the total.
 */
export function endpointInfiniteQuery<E extends EndpointName, A extends ActionName<E>>(
  endpoint: E,
  action: A,
  body: Omit<RequestOf<E, A>, 'page'>,
  options: Omit<CallOptions, 'signal'> = {},
) {
  return infiniteQueryOptions({
    queryKey: [endpoint, action, body] as const,
    queryFn: ({ pageParam, signal }): Promise<ResponseOf<E, A>> => call(endpoint, action, { ...body, page: pageParam } as RequestOf<E, A>, { ...options, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: ResponseOf<E, A>) => {
      const page = last as unknown as Paged;
      return page.page * page.size < page.total ? page.page + 1 : undefined;
    },
  });
}

export interface EndpointMutationOptions<E extends EndpointName, A extends ActionName<E>> {
  /** The queries this write changes, refetched once it succeeds: keys or key prefixes (endpointKey). */
  invalidates: readonly QueryKey[] | ((result: ResponseOf<E, A>, body: RequestOf<E, A>) => readonly QueryKey[]);
  /** Skip the error toast: the caller shows the failure itself (e.g. next to a form field). */
  silent?: boolean;
  /**
   * Runs on success before the invalidations: puts an answer that already holds the new state
   * into the cache (no second round trip), or drops a copy kept outside it (the address cache).
   */
  written?: (queryClient: QueryClient, result: ResponseOf<E, A>, body: RequestOf<E, A>) => void;
  /**
   * Invalidate after a refusal too: a write refused because of what the page shows (a balance
   * too low, a pool used up) shows it as the server has it now.
   */
  invalidateOnError?: boolean;
}

/**
 * A write: always through useMutation, with the queries it changes named where it is defined,
 * so a page never refetches by hand. The caller's own onSuccess (navigate, toast) goes to
 * `mutate(body, { onSuccess })`.
 */
export function useEndpointMutation<E extends EndpointName, A extends ActionName<E>>(endpoint: E, action: A, options: EndpointMutationOptions<E, A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: endpointKey(endpoint, action),
    mutationFn: (body: RequestOf<E, A>) => call(endpoint, action, body, { silent: options.silent }),
    onSuccess: async (result, body) => {
      options.written?.(queryClient, result, body);
      const keys = typeof options.invalidates === 'function' ? options.invalidates(result, body) : options.invalidates;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: async () => {
      // Only fixed keys: a key computed from the answer has no answer to come from.
      if (!options.invalidateOnError || typeof options.invalidates === 'function') return;
      await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
