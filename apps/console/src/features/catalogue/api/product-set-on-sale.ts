import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useProductWrite } from './use-product-write';

export const useSetOnSale = () => useProductWrite((input: AdminRequestOf<'adminProduct', 'set_on_sale'>) => adminCall('adminProduct', 'set_on_sale', input));
