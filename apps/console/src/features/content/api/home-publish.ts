import { useEndpointMutation } from '@/lib/endpoint-query';
import { HOME_WRITE } from './home-mutation';

export const usePublishHome = () => useEndpointMutation('adminContent', 'home_publish', HOME_WRITE);
