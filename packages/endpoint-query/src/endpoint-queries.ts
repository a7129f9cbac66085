import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { ActionOf, BodyOf, EndpointOf, ResultOf, Wire } from './wire.ts';

/**
 * An app's transport: calls one action of its API. The shop signs its calls and toasts their
 * failures; the console sends its staff cookie. Everything else about reading and writing
 * (keys, invalidations, hook shapes) is the same in both and lives here.
 */
export type EndpointCall<W extends Wire, O extends { readonly signal?: AbortSignal }> = <E extends EndpointOf<W>, A extends ActionOf<W, E>>(
  endpoint: E,
  action: A,
  body: BodyOf<W, E, A>,
  options?: O,
) => Promise<ResultOf<W, E, A>>;

export interface EndpointMutationOptions<W extends Wire, E extends EndpointOf<W>, A extends ActionOf<W, E>> {
  /** The queries this write changes, refetched once it succeeds: keys or key prefixes (endpointKey). */
  invalidates: readonly QueryKey[] | ((result: ResultOf<W, E, A>, body: BodyOf<W, E, A>) => readonly QueryKey[]);
  /**
   * Runs on success before the invalidations: puts an answer that already holds the new state
   * into the cache (no second round trip), drops a copy kept outside it, or does what every
   * caller of this write needs done with its answer (saving an exported file).
   */
  written?: (queryClient: QueryClient, result: ResultOf<W, E, A>, body: BodyOf<W, E, A>) => void;
  /**
   * Invalidate after a refusal too: a write refused because of what the page shows (a balance
   * too low, a pool used up) shows it as the server has it now.
   */
  invalidateOnError?: boolean;
}

type Paged = { page: number; size: number; total: number };

/**
 * The data-layer convention of both apps (docs/decisions.md, "One data layer"), bound
 * to an app's transport: every endpoint action has one file under features/<domain>/api/ that
 * builds its query options and hooks from these. Keys are derived, never typed by hand:
 * [endpoint, action, body]. TanStack Query matches keys by prefix, so a write invalidates
 * `endpointKey('order')` (every order query), `endpointKey('order', 'list')` (every page of the
 * list) or one exact body.
 */
export function endpointQueries<W extends Wire, O extends { readonly signal?: AbortSignal }>(call: EndpointCall<W, O>) {
  function endpointKey<E extends EndpointOf<W>>(endpoint: E): readonly [E];
  function endpointKey<E extends EndpointOf<W>, A extends ActionOf<W, E>>(endpoint: E, action: A): readonly [E, A];
  function endpointKey<E extends EndpointOf<W>, A extends ActionOf<W, E>>(endpoint: E, action: A, body: BodyOf<W, E, A>): readonly [E, A, BodyOf<W, E, A>];
  function endpointKey(...parts: readonly unknown[]): QueryKey {
    return parts;
  }

  /** A read: its key is the call itself, its function the app's call with the query's abort signal. */
  function endpointQuery<E extends EndpointOf<W>, A extends ActionOf<W, E>>(endpoint: E, action: A, body: BodyOf<W, E, A>, options?: Omit<O, 'signal'>) {
    return queryOptions({
      queryKey: endpointKey(endpoint, action, body),
      queryFn: ({ signal }): Promise<ResultOf<W, E, A>> => call(endpoint, action, body, { ...options, signal } as O),
    });
  }

  /**
   * A paged list read page by page (infinite scroll): the body without its page is the key; the
   * next page is asked for while the pages read so far hold fewer rows than the total.
   */
  function endpointInfiniteQuery<E extends EndpointOf<W>, A extends ActionOf<W, E>>(endpoint: E, action: A, body: Omit<BodyOf<W, E, A>, 'page'>, options?: Omit<O, 'signal'>) {
    return infiniteQueryOptions({
      queryKey: [endpoint, action, body] as const,
      queryFn: ({ pageParam, signal }): Promise<ResultOf<W, E, A>> => call(endpoint, action, { ...body, page: pageParam } as BodyOf<W, E, A>, { ...options, signal } as O),
      initialPageParam: 1,
      getNextPageParam: (last: ResultOf<W, E, A>) => {
        const page = last as Paged;
        return page.page * page.size < page.total ? page.page + 1 : undefined;
      },
    });
  }

  /** The options useEndpointMutation hands to useMutation (separate so they can be run without React). */
  function endpointMutationOptions<E extends EndpointOf<W>, A extends ActionOf<W, E>>(
    queryClient: QueryClient,
    endpoint: E,
    action: A,
    options: EndpointMutationOptions<W, E, A> & Omit<O, 'signal'>,
  ): UseMutationOptions<ResultOf<W, E, A>, Error, BodyOf<W, E, A>> {
    const { invalidates, written, invalidateOnError, ...callOptions } = options;
    const refetch = (keys: readonly QueryKey[]) => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return {
      mutationKey: [endpoint, action],
      mutationFn: (body: BodyOf<W, E, A>): Promise<ResultOf<W, E, A>> => call(endpoint, action, body, callOptions as unknown as O),
      onSuccess: async (result: ResultOf<W, E, A>, body: BodyOf<W, E, A>) => {
        written?.(queryClient, result, body);
        await refetch(typeof invalidates === 'function' ? invalidates(result, body) : invalidates);
      },
      onError: async () => {
        // Only fixed keys: a key computed from the answer has no answer to come from.
        if (invalidateOnError && typeof invalidates !== 'function') await refetch(invalidates);
      },
    };
  }

  /**
   * A write: always through useMutation, with the queries it changes named where it is defined,
   * so a page never refetches by hand. The caller's own onSuccess (navigate, toast) goes to
   * `mutate(body, { onSuccess })`. The app's call options (the shop's `silent`) sit beside the
   * write's own.
   */
  function useEndpointMutation<E extends EndpointOf<W>, A extends ActionOf<W, E>>(endpoint: E, action: A, options: EndpointMutationOptions<W, E, A> & Omit<O, 'signal'>) {
    const queryClient = useQueryClient();
    return useMutation(endpointMutationOptions(queryClient, endpoint, action, options));
  }

  return { endpointKey, endpointQuery, endpointInfiniteQuery, endpointMutationOptions, useEndpointMutation };
}

export type EndpointQueries<W extends Wire, O extends { readonly signal?: AbortSignal }> = ReturnType<typeof endpointQueries<W, O>>;
