import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useStoreMutation } from './store-mutation';

export const useUpdateStore = () => useStoreMutation((input: AdminRequestOf<'adminStore', 'update'>) => adminCall('adminStore', 'update', input));
