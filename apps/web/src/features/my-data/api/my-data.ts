import { userEndpoint } from '@/features/accounts/api/user-endpoint';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** user.export_data (resellerUser for a reseller): the whole document; the page saves it as a file. */
export const useExportData = () => useEndpointMutation(userEndpoint(), 'export_data', { invalidates: [], silent: true });

/** user.delete_account: the dialog shows a refusal itself (wrong confirmation, money left, orders open). */
export const useDeleteAccount = () => useEndpointMutation(userEndpoint(), 'delete_account', { invalidates: [], silent: true });
