import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** sim.roaming: a SIM's roaming usage by day. */
export const roamingQuery = (id: number) => endpointQuery('sim', 'roaming', { id });
export const useRoaming = (id: number) => useQuery(roamingQuery(id));
