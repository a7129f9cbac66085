import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Queries retry once, and only when the network failed; writes never retry. Offline, a call
 * still runs and fails with its network error rather than waiting in silence behind a spinning
 * button (the shop does the same).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && error instanceof ApiError && error.kind === 'network',
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
