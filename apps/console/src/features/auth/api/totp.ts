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
    mutationFn: (password: string) => adminCall('adminAuth', 'totp_disable', { password }),
    onSuccess: (me) => client.setQueryData(meQueryOptions().queryKey, me),
  });
}
