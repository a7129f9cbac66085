import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Requeues a failed job; the lists and counts refresh (the dashboard's count too). */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('adminPayment', 'job_retry', { id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['adminPayment'] });
      void client.invalidateQueries({ queryKey: ['adminDashboard'] });
    },
  });
}
