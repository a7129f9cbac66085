/**
 * The official account's web APIs for sign-in and the JS-SDK: exchanging an OAuth
 * code for the user's openid, reading their profile (snsapi_userinfo), and the access token and
 * jsapi_ticket the JS-SDK signature needs. WeChat answers errors as `{ errcode, errmsg }` with
 * HTTP 200.
 */
export interface WechatLoginApi {
  exchangeCode(code: string): Promise<{ openid: string; accessToken: string; scope: string } | null>;
  userInfo(accessToken: string, openid: string): Promise<{ nickname: string | null; avatar: string | null }>;
  accessToken(): Promise<{ token: string; expiresIn: number }>;
  jsapiTicket(accessToken: string): Promise<{ ticket: string; expiresIn: number }>;
}

type Json = Record<string, unknown> & { errcode?: number; errmsg?: string };

export function createWechatLoginApi(options: { baseUrl: () => string; appId: string; appSecret: string }): WechatLoginApi {
  const get = async (path: string, query: Record<string, string>): Promise<Json> => {
    const url = new URL(`${options.baseUrl()}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`WeChat ${path} answered HTTP ${res.status}`);
    return (await res.json()) as Json;
  };
  const fail = (path: string, body: Json) => new Error(`WeChat ${path} failed (${body.errcode ?? '?'}: ${body.errmsg ?? ''})`);
  return {
    async exchangeCode(code) {
      const body = await get('/sns/oauth2/access_token', { appid: options.appId, secret: options.appSecret, code, grant_type: 'authorization_code' });
      // 40029 invalid code, 40163 code used: the user's code, not our fault.
      if (body.errcode === 40029 || body.errcode === 40163) return null;
      if (typeof body.openid !== 'string' || typeof body.access_token !== 'string') throw fail('/sns/oauth2/access_token', body);
      return { openid: body.openid, accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : '' };
    },
    async userInfo(accessToken, openid) {
      const body = await get('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      if (body.errcode) throw fail('/sns/userinfo', body);
      return { nickname: typeof body.nickname === 'string' && body.nickname ? body.nickname : null, avatar: typeof body.headimgurl === 'string' && body.headimgurl ? body.headimgurl : null };
    },
    async accessToken() {
      const body = await get('/cgi-bin/token', { grant_type: 'client_credential', appid: options.appId, secret: options.appSecret });
      if (typeof body.access_token !== 'string') throw fail('/cgi-bin/token', body);
      return { token: body.access_token, expiresIn: Number(body.expires_in ?? 7200) };
    },
    async jsapiTicket(accessToken) {
      const body = await get('/cgi-bin/ticket/getticket', { access_token: accessToken, type: 'jsapi' });
      if (body.errcode || typeof body.ticket !== 'string') throw fail('/cgi-bin/ticket/getticket', body);
      return { ticket: body.ticket, expiresIn: Number(body.expires_in ?? 7200) };
    },
  };
}
