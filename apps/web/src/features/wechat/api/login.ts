import { useMutation } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** Signs in with the code WeChat returned and the state this tab sent; an unknown WeChat answers a link token. */
export const useWechatLogin = () => useMutation({ mutationFn: (input: RequestOf<'wechat', 'login'>) => call('wechat', 'login', input, { silent: true }) });
