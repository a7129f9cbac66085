import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Requeues a failed job; the lists and counts refresh (the dashboard's count too). */
export const useRetryJob = () => useEndpointMutation('adminPayment', 'job_retry', { invalidates: [endpointKey('adminPayment'), endpointKey('adminDashboard')] });
