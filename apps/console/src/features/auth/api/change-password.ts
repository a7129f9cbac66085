import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

// A one-time password replaced opens the console: `me` says so.
export const useChangePassword = () => useEndpointMutation('adminAuth', 'change_password', { invalidates: [endpointKey('adminAuth', 'me')] });
