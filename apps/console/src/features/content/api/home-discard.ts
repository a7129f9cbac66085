import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useHomeMutation } from './home-mutation';

export const useDiscardHome = () => useHomeMutation((input: AdminRequestOf<'adminContent', 'home_discard'>) => adminCall('adminContent', 'home_discard', input));
