import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Products from a CSV file's text; every product may have changed, so every catalogue query is refreshed. */
export const useImportProducts = () => useEndpointMutation('adminProduct', 'import_products', { invalidates: [endpointKey('adminProduct')] });
