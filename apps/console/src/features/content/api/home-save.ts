import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useHomeMutation } from './home-mutation';

export const useSaveHome = () => useHomeMutation((input: AdminRequestOf<'adminContent', 'home_save'>) => adminCall('adminContent', 'home_save', input));
