import type { AdminRequestOf } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Every staff write refreshes the staff list. */
function useStaffMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['adminStaff', 'list'] }) });
}

export const useCreateStaff = () => useStaffMutation((input: AdminRequestOf<'adminStaff', 'create'>) => adminCall('adminStaff', 'create', input));
export const useUpdateStaff = () => useStaffMutation((input: AdminRequestOf<'adminStaff', 'update'>) => adminCall('adminStaff', 'update', input));
export const useResetStaffPassword = () => useStaffMutation((id: number) => adminCall('adminStaff', 'reset_password', { id }));
export const useResetStaffTotp = () => useStaffMutation((id: number) => adminCall('adminStaff', 'reset_totp', { id }));
