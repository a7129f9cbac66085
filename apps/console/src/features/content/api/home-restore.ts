import { useEndpointMutation } from '@/lib/endpoint-query';
import { HOME_WRITE } from './home-mutation';

export const useRestoreHome = () => useEndpointMutation('adminContent', 'home_restore', HOME_WRITE);
