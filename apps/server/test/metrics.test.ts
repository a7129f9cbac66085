import { API_BASE, CODE_PURPOSES, api, serverErrors } from '@simshop/contract';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { POSTGRES_POOL_SIZE } from '../src/db/database.ts';
import { enqueueMessage } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';

/** `/metrics` in Prometheus's text format: who may read it, and series that move with the shop. */
const t = useTestApp();

type Built = Awaited<ReturnType<typeof buildApp>>;

async function scrape(app: Built['app'], options: { remoteAddress?: string; authorization?: string } = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress ?? '127.0.0.1', headers: options.authorization ? { authorization: options.authorization } : {} });
  return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
}

/** The value of one sample (`name{labels} value`), or undefined when the series is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/gi)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  it('are served to the allowed addresses, or with the token, and to nobody else', async () => {
    expect(await scrape(t.app)).toMatchObject({ status: 200, type: 'text/plain; version=0.0.4; charset=utf-8' });
    expect((await scrape(t.app, { remoteAddress: '203.0.113.9' })).status).toBe(403);
    const token = 'metrics-token-0123456789';
    const guarded = await buildApp({ config: { ...t.config, metrics: { token, allow: [] } }, db: t.db, prepare: false, workers: false });
    try {
      expect((await scrape(guarded.app)).status).toBe(403);
      expect((await scrape(guarded.app, { authorization: `Bearer ${token}x` })).status).toBe(403);
      expect((await scrape(guarded.app, { remoteAddress: '203.0.113.9', authorization: `Bearer ${token}` })).status).toBe(200);
    } finally {
      await guarded.app.close();
    }
  });

  it('count requests by action, refusals by catalogue code, and read the orders from the database', async () => {
    const before = (await scrape(t.app)).text;
    const listed = { route: api.product.path, action: 'list', status: '2xx' };
    const refusal = { code: String(serverErrors.orderNotFound.code) };
    const { token } = await t.signIn();
    await t.call('product', 'list', { page: 1, size: 5 });
    expect((await t.call('order', 'detail', { orderNo: 'SS00000000000000000000' }, { token })).body.code).toBe(serverErrors.orderNotFound.code);
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const after = (await scrape(t.app)).text;
    expect(sample(after, 'simshop_http_request_duration_seconds_count', listed)).toBe((sample(before, 'simshop_http_request_duration_seconds_count', listed) ?? 0) + 1);
    expect(sample(after, 'simshop_api_errors_total', refusal)).toBe((sample(before, 'simshop_api_errors_total', refusal) ?? 0) + 1);
    expect(sample(after, 'simshop_orders', { status: 'delivered' })).toBe((sample(before, 'simshop_orders', { status: 'delivered' }) ?? 0) + 1);
    // The eSIM bought is paid from the sandbox card and handed to its owner, not yet installed.
    const paid = { method: 'sandbox', status: 'succeeded' };
    expect(sample(after, 'simshop_payments', paid)).toBe((sample(before, 'simshop_payments', paid) ?? 0) + 1);
    expect(sample(after, 'simshop_esims', { status: 'unactivated' })).toBe((sample(before, 'simshop_esims', { status: 'unactivated' }) ?? 0) + 1);
    // An unknown action is one series for all, not one per name a scanner tries.
    await t.app.inject({ method: 'POST', url: `${API_BASE}${api.product.path}?action=scan-me-1` });
    await t.app.inject({ method: 'POST', url: `${API_BASE}/nowhere?action=x` });
    const scanned = (await scrape(t.app)).text;
    expect(scanned).not.toContain('scan-me-1');
    expect(scanned).not.toContain('nowhere');
    for (const name of ['simshop_outbox_jobs', 'simshop_outbox_oldest_wait_seconds', 'simshop_orders_to_ship', 'simshop_refunds', 'simshop_codes_sent_total', 'simshop_process_cpu_seconds_total']) expect(scanned).toContain(`# TYPE ${name} `);
  });

  it('read the refunds from the database and count the codes sent', async () => {
    const { userId, token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    await t.drain();
    const before = (await scrape(t.app)).text;
    // Every channel and purpose is there from the first scrape, at 0 until a code goes out.
    for (const purpose of CODE_PURPOSES) for (const channel of ['email', 'sms']) expect(sample(before, 'simshop_codes_sent_total', { channel, purpose })).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'simshop_codes_sent_total', { channel: 'sms', purpose: 'line' })).toBeGreaterThanOrEqual(0);
    // The eSIM was never installed: the customer's own tap refunds it in full, paid back to the sandbox card.
    expect((await t.call('order', 'refund_now', { orderNo }, { token })).body.code).toBe(0);
    const email = `metrics-${Date.now()}@example.com`;
    await t.sendCode(email, 'register');
    const after = (await scrape(t.app)).text;
    const refunded = { status: 'refunded', method: 'sandbox' };
    expect(sample(after, 'simshop_refunds', refunded)).toBe((sample(before, 'simshop_refunds', refunded) ?? 0) + 1);
    const signUp = { channel: 'email', purpose: 'register' };
    expect(sample(after, 'simshop_codes_sent_total', signUp)).toBe(sample(before, 'simshop_codes_sent_total', signUp)! + 1);
    // No code goes out, and none is counted, for a sign-in asked for an address with no account
    // (nothing is sent) or a sign-up asked for one with an account (its owner gets a notice).
    const signIn = { channel: 'email', purpose: 'login' };
    const known = await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    for (const [account, purpose] of [[`nobody-${Date.now()}@example.com`, 'login'], [known.email!, 'register']] as const) {
      expect((await t.call('codeSend', 'send', { account, purpose, ...(await t.proof(purpose)) })).body.code).toBe(0);
    }
    const later = (await scrape(t.app)).text;
    expect(sample(later, 'simshop_codes_sent_total', signIn)).toBe(sample(after, 'simshop_codes_sent_total', signIn));
    expect(sample(later, 'simshop_codes_sent_total', signUp)).toBe(sample(after, 'simshop_codes_sent_total', signUp));
    // A SIM's ownership code, texted by the carrier to the line (a China Unicom card the simulator knows).
    const iccid = `898601${String(Date.now() % 1e9).padStart(9, '0')}0001`;
    expect((await t.call('sim', 'send_code', { iccid }, { token })).body.code).toBe(0);
    const line = { channel: 'sms', purpose: 'line' };
    expect(sample((await scrape(t.app)).text, 'simshop_codes_sent_total', line)).toBe(sample(later, 'simshop_codes_sent_total', line)! + 1);
  });

  it("pass Prometheus's own checker (promtool), with this process's PostgreSQL pool when there is one", async () => {
    await t.call('product', 'list', { page: 1, size: 5 });
    const text = (await scrape(t.app)).text;
    const promtool = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
    const checked = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked.error, `${promtool}: npm test installs Debian's prometheus`).toBeUndefined();
    // Every family parses (a parse error is exit 1) and follows the naming rules (3: lint problems),
    // but for three of prom-client's own process gauges, named with `_total` upstream.
    const said = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    const upstream = /^simshop_nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
    expect(said.filter((line) => !upstream.test(line))).toEqual([]);
    expect(checked.status).toBe(said.length ? 3 : 0);
    if (process.env.DATABASE_URL) {
      expect(sample(text, 'simshop_db_pool_connections', { state: 'max' })).toBe(POSTGRES_POOL_SIZE);
      expect(sample(text, 'simshop_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('simshop_db_pool_connections');
    }
  });

  it('time the background jobs by topic and outcome', async () => {
    const shop = await buildApp({ config: { ...t.config, outboxIntervalMs: 20 }, db: t.db, prepare: false, workers: true });
    try {
      // A notification nobody recorded: its job ends at once, done.
      await enqueueMessage(t.db, 'notification.send', { notificationId: 999_999_999 });
      const done = { topic: 'notification.send', outcome: 'done' };
      await expect.poll(async () => sample((await scrape(shop.app)).text, 'simshop_job_duration_seconds_count', done) ?? 0, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(1);
    } finally {
      await shop.shutdown();
    }
  });
});
