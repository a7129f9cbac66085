import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** A new account (user type 1) for the WeChat of a link token, signed in; costs a solved proof of work. */
export const useWechatCreate = () => useMutation({ mutationFn: (input: RequestOf<'wechat', 'create'>) => call('wechat', 'create', input) });
