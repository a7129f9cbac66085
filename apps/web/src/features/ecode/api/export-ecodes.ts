import { useEndpointMutation } from '@/lib/endpoint-query';

/** ecodeManage.export: a CSV or Excel file of my ECodes (of the tab's status); nothing shown changes. */
export const useExportEcodes = () => useEndpointMutation('ecodeManage', 'export', { invalidates: [] });
