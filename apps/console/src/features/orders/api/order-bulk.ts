import type { AdminRequestOf } from '@simshop/contract';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';
import { saveFile } from '@/lib/save-file';

/** Reads pasted or CSV tracking numbers against the selection; writes nothing. */
export const useBulkShipPreview = () => useEndpointMutation('adminOrderBulk', 'ship_preview', { invalidates: [] });

/** Ships a slice of the selection; the lists, the order pages and the dashboard's counts are refreshed. */
export const useBulkShip = () => useEndpointMutation('adminOrderBulk', 'ship', { invalidates: [endpointKey('adminOrder'), endpointKey('adminDashboard')] });

/** The selection as the list's CSV export, saved as a file. */
export const useBulkExport = () => useEndpointMutation('adminOrderBulk', 'export', { invalidates: [], written: (_client, result) => saveFile(result.filename, result.csv, 'text/csv;charset=utf-8') });

/** The selected orders as their packing slips show them. */
export const packingSlipsQueryOptions = (body: AdminRequestOf<'adminOrderBulk', 'packing_slips'>) => endpointQuery('adminOrderBulk', 'packing_slips', body);
