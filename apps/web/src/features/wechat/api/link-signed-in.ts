import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Links the WeChat of a link token to the account just signed in to. */
export const useLinkSignedIn = () => useMutation({ mutationFn: (linkToken: string) => call('wechat', 'link_signed_in', { linkToken }, { silent: true }) });
