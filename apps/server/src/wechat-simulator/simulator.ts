import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A small stand-in for WeChat, for the demo and the tests, like the SM-DP+ simulator:
 * the official account's OAuth page (a form where the "WeChat user" is typed, since there is no
 * real WeChat identity here), the code-for-openid exchange, the user's profile, and the access
 * token and jsapi_ticket of the JS-SDK. Its state lives in memory: it stands in for another
 * company's system and is never used in production.
 */
export interface WechatSimulatorOptions {
  appId: string;
  appSecret: string;
}

export const WECHAT_SIM_PREFIX = '/wechat-sim';

interface Grant {
  openid: string;
  nickname: string;
  scope: string;
}

const token = () => randomBytes(16).toString('hex');
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerWechatSimulator(app: FastifyInstance, options: WechatSimulatorOptions): void {
  const codes = new Map<string, Grant>();
  const userTokens = new Map<string, Grant>();
  const appTokens = new Set<string>();
  const issue = (grant: Grant) => {
    const code = token();
    codes.set(code, grant);
    return code;
  };

  app.register(
    async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

      // The authorisation page WeChat shows inside its browser.
      scope.get('/connect/oauth2/authorize', async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        if (q.appid !== options.appId || !q.redirect_uri) return reply.code(400).type('text/plain').send('invalid appid or redirect_uri');
        const hidden = ['redirect_uri', 'state', 'scope'].map((k) => `<input type="hidden" name="${k}" value="${escape(q[k] ?? '')}">`).join('');
        return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>WeChat sign-in (simulator)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#ededed}main{background:#fff;border-radius:12px;padding:20px}label{display:block;margin:12px 0 4px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;font-size:16px}button{width:100%;margin-top:16px;padding:12px;font-size:16px;border:0;border-radius:8px}.allow{background:#07c160;color:#fff}.deny{background:#f2f2f2;color:#222}</style></head>
<body><main><h1>WeChat (simulator)</h1><p>SimShop would like to sign you in with your WeChat${q.scope === 'snsapi_userinfo' ? ' and read your nickname and picture' : ''}.</p>
<form method="post">${hidden}<label for="openid">WeChat user (openid)</label><input type="text" id="openid" name="openid" value="oSimUser0001"><label for="nickname">Nickname</label><input type="text" id="nickname" name="nickname" value="微信用户">
<button class="allow" type="submit" name="decision" value="allow">Allow</button><button class="deny" type="submit" name="decision" value="deny">Deny</button></form></main></body></html>`);
      });

      scope.post('/connect/oauth2/authorize', async (req, reply) => {
        const b = (req.body ?? {}) as Record<string, string | undefined>;
        if (!b.redirect_uri) return reply.code(400).send('redirect_uri missing');
        const back = new URL(b.redirect_uri);
        if (b.decision === 'allow' && b.openid) back.searchParams.set('code', issue({ openid: b.openid, nickname: b.nickname ?? '', scope: b.scope ?? 'snsapi_base' }));
        back.searchParams.set('state', b.state ?? '');
        return reply.redirect(back.toString(), 302);
      });

      // Tests: a code for a WeChat user without going through the page.
      scope.post('/test/code', async (req) => {
        const b = (req.body ?? {}) as { openid: string; nickname?: string; scope?: string };
        return { code: issue({ openid: b.openid, nickname: b.nickname ?? '', scope: b.scope ?? 'snsapi_userinfo' }) };
      });

      scope.get('/sns/oauth2/access_token', async (req) => {
        const q = req.query as Record<string, string | undefined>;
        if (q.appid !== options.appId || q.secret !== options.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
        const grant = q.code ? codes.get(q.code) : undefined;
        if (!grant) return { errcode: 40029, errmsg: 'invalid code' };
        codes.delete(q.code!);
        const accessToken = token();
        userTokens.set(accessToken, grant);
        return { access_token: accessToken, expires_in: 7200, refresh_token: token(), openid: grant.openid, scope: grant.scope };
      });

      scope.get('/sns/userinfo', async (req) => {
        const q = req.query as Record<string, string | undefined>;
        const grant = q.access_token ? userTokens.get(q.access_token) : undefined;
        if (!grant || grant.openid !== q.openid) return { errcode: 40001, errmsg: 'invalid credential' };
        if (grant.scope !== 'snsapi_userinfo') return { errcode: 48001, errmsg: 'api unauthorized' };
        return { openid: grant.openid, nickname: grant.nickname, sex: 0, province: '', city: '', country: '', headimgurl: '', privilege: [] };
      });

      // A stand-in for WeChat's JS-SDK: `wx.config` is kept for the tests to read, and the
      // mini-program open tag draws its template's button and reports a "launch" when tapped.
      scope.get('/jweixin-1.6.0.js', async (_req, reply) =>
        reply.type('text/javascript; charset=utf-8').send(`(() => {
  const ready = [];
  window.wx = {
    config(c) { window.__wxSimConfig = c; setTimeout(() => ready.splice(0).forEach((f) => f()), 0); },
    ready(f) { window.__wxSimConfig ? setTimeout(f, 0) : ready.push(f); },
    error() {},
  };
  customElements.define('wx-open-launch-weapp', class extends HTMLElement {
    connectedCallback() {
      const template = this.querySelector('script[type="text/wxtag-template"]');
      const root = this.shadowRoot || this.attachShadow({ mode: 'open' });
      root.innerHTML = template ? template.textContent : '';
      root.addEventListener('click', () => this.dispatchEvent(new CustomEvent('launch', { detail: { appid: this.getAttribute('appid'), path: this.getAttribute('path') } })));
    }
  });
})();`),
      );

      scope.get('/cgi-bin/token', async (req) => {
        const q = req.query as Record<string, string | undefined>;
        if (q.appid !== options.appId || q.secret !== options.appSecret) return { errcode: 40125, errmsg: 'invalid appsecret' };
        const accessToken = token();
        appTokens.add(accessToken);
        return { access_token: accessToken, expires_in: 7200 };
      });

      scope.get('/cgi-bin/ticket/getticket', async (req) => {
        const q = req.query as Record<string, string | undefined>;
        if (!q.access_token || !appTokens.has(q.access_token) || q.type !== 'jsapi') return { errcode: 40001, errmsg: 'invalid credential' };
        return { errcode: 0, errmsg: 'ok', ticket: `sim-ticket-${token()}`, expires_in: 7200 };
      });
    },
    { prefix: WECHAT_SIM_PREFIX },
  );
}
