import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Queries retry once, and only when the network failed; writes never retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && error instanceof ApiError && error.kind === 'network',
      staleTime: 15_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
