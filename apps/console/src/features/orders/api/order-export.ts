import { useEndpointMutation } from '@/lib/endpoint-query';
import { saveFile } from '@/lib/save-file';

/** Exports the filtered list as CSV and saves it; answers how many rows and whether the cap cut it. */
export const useOrderExport = () => useEndpointMutation('adminOrder', 'export', { invalidates: [], written: (_client, result) => saveFile(result.filename, result.csv, 'text/csv;charset=utf-8') });
