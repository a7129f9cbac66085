import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/staff-session';

export function useTotpSetup() {
  return useMutation({ mutationFn: () => adminCall('adminAuth', 'totp_setup', {}) });
}

export function useTotpConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => adminCall('adminAuth', 'totp_confirm', { code }),
    onSuccess: (me) => client.setQueryData(meQueryOptions().queryKey, me),
  });
}

export function useTotpDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => adminCall('adminAuth', 'totp_disable', input),
    onSuccess: (me) => client.setQueryData(meQueryOptions().queryKey, me),
  });
}
