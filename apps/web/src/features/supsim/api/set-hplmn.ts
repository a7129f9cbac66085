import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** supsim.set_hplmn: the SuperSIM's home network; its detail reads again. */
export const useSetHplmn = () => useEndpointMutation('supsim', 'set_hplmn', { invalidates: (_result, body) => [endpointKey('supsim', 'detail', { id: body.id })] });
