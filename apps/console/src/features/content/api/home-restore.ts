import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useHomeMutation } from './home-mutation';

export const useRestoreHome = () => useHomeMutation((input: AdminRequestOf<'adminContent', 'home_restore'>) => adminCall('adminContent', 'home_restore', input));
