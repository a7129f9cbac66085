import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** supsim.query: the JT record of any EID or ICCID (another's number shows masked); asked for on submit. */
export const jtQuery = (number: string) => endpointQuery('supsim', 'query', { number });
export const useJtQuery = (number: string | null) => useQuery({ ...jtQuery(number ?? ''), enabled: number !== null });
