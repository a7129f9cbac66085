import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api-response';

/**
 * Server state defaults: one retry for a query, and only when the failure was transient
 * (a catalogue rejection or an expired session will not change on a second try, and would
 * only show its toast twice); mutations never retry, since repeating a write is not safe.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Offline, a call still runs and fails with "You are offline" rather than waiting in silence.
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
