import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** ecodeManage.delete: the ECode leaves the lists; the lists, counts and search read again. */
export const useDeleteEcode = () => useEndpointMutation('ecodeManage', 'delete', { invalidates: [endpointKey('ecodeManage')] });
