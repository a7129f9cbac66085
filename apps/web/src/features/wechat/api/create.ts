import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A new account (user type 1) for the WeChat of a link token, signed in. */
export const useWechatCreate = () => useMutation({ mutationFn: (linkToken: string) => call('wechat', 'create', { linkToken }) });
