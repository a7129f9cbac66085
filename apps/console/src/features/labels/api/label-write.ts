import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Every label write refreshes the labels and the products showing them. */
const LABEL_WRITE = { invalidates: [endpointKey('adminLabel'), endpointKey('adminProduct')] };

export const useCreateLabel = () => useEndpointMutation('adminLabel', 'create', LABEL_WRITE);
export const useUpdateLabel = () => useEndpointMutation('adminLabel', 'update', LABEL_WRITE);
export const useDeleteLabel = () => useEndpointMutation('adminLabel', 'delete', LABEL_WRITE);
