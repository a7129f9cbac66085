import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** sim.list: the SIM cards the customer follows. */
export const deviceListQuery = () => endpointQuery('sim', 'list', {});
export const useDeviceList = () => useQuery(deviceListQuery());
