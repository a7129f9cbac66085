import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** supsim.detail: one bound SuperSIM with its JT result. */
export const supsimQuery = (id: number) => endpointQuery('supsim', 'detail', { id });
export const useSupsim = (id: number) => useQuery(supsimQuery(id));
