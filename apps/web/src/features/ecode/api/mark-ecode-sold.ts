import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** ecodeManage.mark_sold: an unused ECode is sold, with a note; the lists, counts and search read again. */
export const useMarkEcodeSold = () => useEndpointMutation('ecodeManage', 'mark_sold', { invalidates: [endpointKey('ecodeManage')] });
