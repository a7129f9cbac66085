import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The official account's OAuth page to send the browser to, coming back to `redirect`. */
export const useWechatAuthorize = () => useMutation({ mutationFn: (redirect: string) => call('wechat', 'authorize', { redirect }) });
