import { useEndpointMutation } from '@/lib/endpoint-query';
import { markSignedIn } from '@/lib/storage';

export const useLogin = () =>
  useEndpointMutation('adminAuth', 'login', {
    invalidates: [],
    written: (client) => {
      // The session is the HttpOnly cookie the answer set; the token in the body is not kept.
      markSignedIn();
      // Whatever the previous member saw is not this member's to see.
      client.clear();
    },
  });
