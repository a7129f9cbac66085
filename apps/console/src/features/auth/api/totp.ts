import type { AdminResponseOf } from '@simshop/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEndpointMutation } from '@/lib/endpoint-query';
import { meQueryOptions } from '@/lib/staff-session';

/** Confirming or turning off the second factor answers with the member as `me` now reads. */
const ME_WRITE = { invalidates: [], written: (client: QueryClient, me: AdminResponseOf<'adminAuth', 'me'>) => client.setQueryData(meQueryOptions().queryKey, me) };

export const useTotpSetup = () => useEndpointMutation('adminAuth', 'totp_setup', { invalidates: [] });

export const useTotpConfirm = () => useEndpointMutation('adminAuth', 'totp_confirm', ME_WRITE);

export const useTotpDisable = () => useEndpointMutation('adminAuth', 'totp_disable', ME_WRITE);
