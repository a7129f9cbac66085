import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useProductWrite } from './use-product-write';

export const useCreateProduct = () => useProductWrite((input: AdminRequestOf<'adminProduct', 'create'>) => adminCall('adminProduct', 'create', input));
