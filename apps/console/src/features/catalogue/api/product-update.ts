import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useProductWrite } from './use-product-write';

/** Saves over the version the editor loaded; a stale one fails with changedBySomeoneElse. */
export const useUpdateProduct = () => useProductWrite((input: AdminRequestOf<'adminProduct', 'update'>) => adminCall('adminProduct', 'update', input));
