import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Signs in with the code WeChat returned; an unknown WeChat answers a link token. */
export const useWechatLogin = () => useMutation({ mutationFn: (code: string) => call('wechat', 'login', { code }, { silent: true }) });
