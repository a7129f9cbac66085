import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** Links the WeChat of a link token to the account just signed in to. */
export const useLinkSignedIn = () => useMutation({ mutationFn: (input: RequestOf<'wechat', 'link_signed_in'>) => call('wechat', 'link_signed_in', input, { silent: true }) });
