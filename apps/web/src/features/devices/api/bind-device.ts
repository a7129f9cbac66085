import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** sim.bind: follows a SIM by ICCID with proof it is the customer's; the list shows it. Field errors are shown at the field. */
export const useBindDevice = () => useEndpointMutation('sim', 'bind', { invalidates: [endpointKey('sim', 'list')] });
