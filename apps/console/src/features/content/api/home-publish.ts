import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useHomeMutation } from './home-mutation';

export const usePublishHome = () => useHomeMutation((input: AdminRequestOf<'adminContent', 'home_publish'>) => adminCall('adminContent', 'home_publish', input));
