/** WeChat's OAuth authorise address (SPEC §7): silent scope, back to this page with a code. */
export function wechatAuthoriseUrl(appId: string, redirect: string, state: string): string {
  const q = new URLSearchParams({ appid: appId, redirect_uri: redirect, response_type: 'code', scope: 'snsapi_base', state });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
}
