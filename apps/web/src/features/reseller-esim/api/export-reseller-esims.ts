import { useEndpointMutation } from '@/lib/endpoint-query';

/** resellerNumber.export: a CSV or Excel file of the generated eSIMs (with the list's filter); nothing shown changes. */
export const useExportResellerEsims = () => useEndpointMutation('resellerNumber', 'export', { invalidates: [] });
