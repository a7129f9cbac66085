import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Every staff write refreshes the staff list. */
const STAFF_WRITE = { invalidates: [endpointKey('adminStaff', 'list')] };

export const useCreateStaff = () => useEndpointMutation('adminStaff', 'create', STAFF_WRITE);
export const useUpdateStaff = () => useEndpointMutation('adminStaff', 'update', STAFF_WRITE);
export const useResetStaffPassword = () => useEndpointMutation('adminStaff', 'reset_password', STAFF_WRITE);
export const useResetStaffTotp = () => useEndpointMutation('adminStaff', 'reset_totp', STAFF_WRITE);
