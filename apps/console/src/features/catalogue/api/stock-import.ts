import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Stock from a CSV file's text (sku,stock); pool eSIMs are refused by the server. */
export const useImportStock = () => useEndpointMutation('adminProduct', 'import_stock', { invalidates: [endpointKey('adminProduct')] });
