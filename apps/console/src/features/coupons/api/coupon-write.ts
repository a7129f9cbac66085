import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';
import { saveFile } from '@/lib/save-file';

/** Every coupon write refreshes the coupon lists, the coupon and its audit rows. */
const COUPON_WRITE = { invalidates: [endpointKey('adminCoupon'), endpointKey('adminAudit')] };

export const useCreateCoupon = () => useEndpointMutation('adminCoupon', 'create', COUPON_WRITE);
export const useUpdateCoupon = () => useEndpointMutation('adminCoupon', 'update', COUPON_WRITE);
export const usePauseCoupon = () => useEndpointMutation('adminCoupon', 'pause', COUPON_WRITE);
export const useGenerateCodes = () => useEndpointMutation('adminCoupon', 'generate_codes', COUPON_WRITE);

/** Saves the coupon's codes as CSV; nothing shown changes. */
export const useExportCodes = () => useEndpointMutation('adminCoupon', 'export_codes', { invalidates: [], written: (_client, result) => saveFile(result.filename, result.csv, 'text/csv;charset=utf-8') });
