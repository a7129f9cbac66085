import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** sim.detail: one SIM's line, volume and diagnosis, as the carrier reports them. */
export const deviceQuery = (id: number) => endpointQuery('sim', 'detail', { id });
export const useDevice = (id: number) => useQuery(deviceQuery(id));
