import { useEndpointMutation } from '@/lib/endpoint-query';
import { HOME_WRITE } from './home-mutation';

export const useSaveHome = () => useEndpointMutation('adminContent', 'home_save', HOME_WRITE);
