import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { useFakeUpstream } from './fake-upstream.ts';
import { useTestApp } from './harness.ts';

/** What the stand-in providers were sent, in order. */
export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret_for_simshop';
export const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

/**
 * A stand-in for the payment providers' HTTP APIs on loopback (Stripe's and WeChat Pay's hosts
 * are not reachable here). It answers like the real APIs and records what the shop sent, so
 * the shop's requests, signatures and the notification handling are what is tested. Gives the
 * test file its server, configured for both providers, with what the payment tests share.
 */
export function usePaymentProviders() {
  const recorded: Recorded[] = [];
  /** Checkout Sessions the customer has paid at the fake Stripe: they can no longer be expired. */
  const paidSessions = new Set<string>();
  /** Answers like Stripe: POST …/expire works on an open session only; GET tells a session's status. */
  function stripeSession(req: IncomingMessage): { status: number; body: object } | null {
    const m = /^\/v1\/checkout\/sessions\/(cs_[\w]+)(\/expire)?$/.exec(req.url ?? '');
    if (!m) return null;
    const id = m[1]!;
    if (m[2] && paidSessions.has(id)) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status in ["open"] can be expired.' } } };
    return { status: 200, body: { id, object: 'checkout.session', status: paidSessions.has(id) ? 'complete' : m[2] ? 'expired' : 'open' } };
  }

  const merchant = keyPair();
  const platform = keyPair();

  const fake = useFakeUpstream((req, body, res) => {
    recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/checkout/sessions') return res.end(JSON.stringify({ id: `cs_test_${recorded.length}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_${recorded.length}` }));
    const session = stripeSession(req);
    if (session) {
      res.statusCode = session.status;
      return res.end(JSON.stringify(session.body));
    }
    if (/^\/v3\/pay\/transactions\/out-trade-no\/\w+\/close$/.test(req.url ?? '')) {
      res.statusCode = 204;
      return res.end();
    }
    if (req.url === '/v1/refunds') return res.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
    if (req.url?.startsWith('/sns/oauth2/access_token')) return res.end(JSON.stringify({ openid: 'o-payer-openid', access_token: 'x' }));
    if (req.url === '/v3/pay/transactions/jsapi') return res.end(JSON.stringify({ prepay_id: 'wx_prepay_123' }));
    res.statusCode = 404;
    res.end('{}');
  });

  const t = useTestApp(() => ({
    STRIPE_SECRET_KEY: 'sk_test_simshop',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base,
    WECHAT_APP_ID: 'wx-app',
    WECHAT_APP_SECRET: 'wx-secret',
    WECHAT_OAUTH_BASE: fake.base,
    WECHAT_MCH_ID: '1900000001',
    WECHAT_MCH_SERIAL: 'SERIAL01',
    WECHAT_MCH_PRIVATE_KEY: merchant.privateKey,
    WECHAT_API_V3_KEY: API_V3_KEY,
    WECHAT_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHAT_API_BASE: fake.base,
  }));

  const stripe = new Stripe('sk_test_simshop');
  /** Posts a Stripe event to the shop's webhook, signed as Stripe signs it (or with another secret or time). */
  function webhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    return t.app.inject({ method: 'POST', url: '/fetch/pay/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  }

  async function esimOrder(token: string, code = 'ESIM-ASIA-10-30', quantity = 1) {
    const sku = await t.sku(code);
    const res = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity, inputs: {} }] }, { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data;
  }

  const status = async (token: string, orderNo: string) => (await t.call('order', 'detail', { orderNo }, { token })).body.data.status;

  return { t, recorded, paidSessions, merchant, platform, webhook, esimOrder, status };
}
