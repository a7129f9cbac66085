import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { endpointQueries, type EndpointCall } from './endpoint-queries.ts';

type TestWire = {
  order: {
    list: { req: { page?: number; status?: string }; res: { items: string[]; page: number; size: number; total: number } };
    detail: { req: { orderNo: string }; res: { orderNo: string; status: string } };
    cancel: { req: { orderNo: string }; res: { orderNo: string; status: string } };
  };
  cart: { list: { req: Record<string, never>; res: { lines: number } } };
};
type TestOptions = { signal?: AbortSignal; silent?: boolean };

function setup(answer: (endpoint: string, action: string, body: unknown) => unknown = () => ({})) {
  const calls: { endpoint: string; action: string; body: unknown; options: TestOptions | undefined }[] = [];
  const call = ((endpoint: string, action: string, body: unknown, options?: TestOptions) => {
    calls.push({ endpoint, action, body, options });
    return Promise.resolve(answer(endpoint, action, body));
  }) as EndpointCall<TestWire, TestOptions>;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return { calls, queryClient, ...endpointQueries<TestWire, TestOptions>(call) };
}

describe('endpoint queries', () => {
  it('derives every key from endpoint, action and body', () => {
    const { endpointKey, endpointQuery } = setup();
    expect(endpointKey('order')).toEqual(['order']);
    expect(endpointKey('order', 'detail')).toEqual(['order', 'detail']);
    expect(endpointKey('order', 'detail', { orderNo: 'A1' })).toEqual(['order', 'detail', { orderNo: 'A1' }]);
    expect(endpointQuery('order', 'detail', { orderNo: 'A1' }).queryKey).toEqual(['order', 'detail', { orderNo: 'A1' }]);
  });

  it("reads through the app's call with the query's signal and the caller's options", async () => {
    const { calls, queryClient, endpointQuery } = setup(() => ({ orderNo: 'A1', status: 'paid' }));
    await expect(queryClient.fetchQuery(endpointQuery('order', 'detail', { orderNo: 'A1' }, { silent: true }))).resolves.toEqual({ orderNo: 'A1', status: 'paid' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ endpoint: 'order', action: 'detail', body: { orderNo: 'A1' }, options: { silent: true } });
    expect(calls[0]?.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('pages an infinite list until the rows read reach the total', async () => {
    const { calls, queryClient, endpointInfiniteQuery } = setup((_e, _a, body) => ({ items: [], page: (body as { page: number }).page, size: 2, total: 3 }));
    const options = endpointInfiniteQuery('order', 'list', { status: 'paid' });
    expect(options.queryKey).toEqual(['order', 'list', { status: 'paid' }]);
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    // Page 2 holds rows 3-4 of 3: there is no third page to ask for.
    expect(calls.map((c) => c.body)).toEqual([
      { status: 'paid', page: 1 },
      { status: 'paid', page: 2 },
    ]);
  });

  it('a write puts its answer in place, then refetches what it names by prefix, and nothing else', async () => {
    const { calls, queryClient, endpointKey, endpointMutationOptions } = setup(() => ({ orderNo: 'A1', status: 'cancelled' }));
    queryClient.setQueryData(endpointKey('order', 'list', {}), { items: [], page: 1, size: 10, total: 0 });
    queryClient.setQueryData(endpointKey('cart', 'list', {}), { lines: 1 });
    const order: string[] = [];
    const mutation = new MutationObserver(
      queryClient,
      endpointMutationOptions(queryClient, 'order', 'cancel', {
        silent: true,
        invalidates: (result) => {
          order.push('invalidates');
          return [endpointKey('order', 'list'), endpointKey('order', 'detail', { orderNo: result.orderNo })];
        },
        written: (client, result) => {
          order.push('written');
          client.setQueryData(endpointKey('order', 'detail', { orderNo: result.orderNo }), result);
        },
      }),
    );
    await mutation.mutate({ orderNo: 'A1' });
    expect(order).toEqual(['written', 'invalidates']);
    // The app's own call options reach its call; the write's own options do not.
    expect(calls[0]).toEqual({ endpoint: 'order', action: 'cancel', body: { orderNo: 'A1' }, options: { silent: true } });
    expect(queryClient.getQueryState(endpointKey('order', 'list', {}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(endpointKey('order', 'detail', { orderNo: 'A1' }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(endpointKey('cart', 'list', {}))?.isInvalidated).toBe(false);
  });

  it('invalidates after a refusal only when the write asks for it', async () => {
    for (const invalidateOnError of [false, true]) {
      const { queryClient, endpointKey, endpointMutationOptions } = setup(() => {
        throw new Error('refused');
      });
      queryClient.setQueryData(endpointKey('cart', 'list', {}), { lines: 1 });
      const mutation = new MutationObserver(queryClient, endpointMutationOptions(queryClient, 'order', 'cancel', { invalidates: [endpointKey('cart')], invalidateOnError }));
      await expect(mutation.mutate({ orderNo: 'A1' })).rejects.toThrow('refused');
      expect(queryClient.getQueryState(endpointKey('cart', 'list', {}))?.isInvalidated).toBe(invalidateOnError);
    }
  });
});
