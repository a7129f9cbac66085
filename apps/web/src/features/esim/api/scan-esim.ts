import { useEndpointMutation } from '@/lib/endpoint-query';

/**
 * esim.scan: counts a QR code shown for installing. Quiet and changing nothing on the page: a
 * count that fails to arrive is not the customer's problem.
 */
export const useScanEsim = () => useEndpointMutation('esim', 'scan', { invalidates: [], silent: true });
