import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role, serverErrors, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_TYPES } from '@simshop/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { pruneDeliveries, RETRY_DELAYS_MS, runDelivery } from '../src/modules/webhooks/webhook-delivery.service.ts';
import { createEndpoint } from '../src/modules/webhooks/webhooks.service.ts';
import { useTestApp } from './harness.ts';
import { resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Reseller webhooks: endpoints made in the shop, events queued with the change that causes them,
 * delivered from the outbox to a receiver this test runs, signed so that the Standard Webhooks
 * reference library verifies them; retries with growing waits for 24 hours, driven by the
 * drain's clock.
 */
const t = useTestApp();
const api = resellerApiClient(t);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on a free port: each path answers the status set for it (200 unless told), and keeps what came. */
let receiver: Server;
let base = '';
const received: Received[] = [];
const statusFor = new Map<string, number>();
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statusFor.get(path) ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'receiver says no' : 'ok thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

let paths = 0;
/** A path of the receiver of its own, answering `status`. */
function hookUrl(status = 200) {
  const path = `/hook-${++paths}`;
  statusFor.set(path, status);
  return { url: `${base}${path}`, path };
}
const at = (path: string) => received.filter((r) => r.path === path);
const verifyHeaders = (r: Received) => ({ 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });

const addEndpoint = (token: string, input: Record<string, unknown>) => t.call('webhook', 'create', { events: ['order.completed'], ...input }, { token });
const deliveries = async (token: string, id: number) => {
  const res = await t.call('webhook', 'deliveries', { id }, { token });
  expect(res.body.code).toBe(0);
  return res.body.data.items;
};
const drainAt = (now: number) => drainOutbox(t.db, t.outboxHandlers, undefined, now);

async function ecodeOrder(secret: string, key: string) {
  const res = await api.order(secret, key, { skuId: (await t.sku('ECODE-QPE')).id, quantity: 1 });
  expect(res.statusCode).toBe(201);
  return res.json() as { orderNo: string };
}

describe('webhook deliveries', () => {
  it('an ECode order through /api/v1 makes one order.completed delivery, signed so the reference library verifies it', async () => {
    const r = await api.reseller(10_000);
    const { secret: apiSecret } = await api.key(r.token);
    const hook = hookUrl();
    const made = await addEndpoint(r.token, { url: hook.url, description: 'ERP', events: ['order.completed', 'refund.paid'] });
    expect(made.body.code).toBe(0);
    const { endpoint, secret } = made.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{42}[A-Za-z0-9+/=]{2}$/);
    expect(endpoint).toMatchObject({ url: hook.url, description: 'ERP', events: ['order.completed', 'refund.paid'], enabled: true, failingSince: null });
    // Sealed at rest: the row does not hold the secret.
    const row = await t.db.selectFrom('webhook_endpoints').select('secret_sealed').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret.slice(6, 20));
    expect(JSON.stringify((await t.call('webhook', 'list', {}, { token: r.token })).body)).not.toContain(secret);

    const order = await ecodeOrder(apiSecret, 'wh-1');
    await drainAt(Date.now());
    const got = at(hook.path);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0]!.body, verifyHeaders(got[0]!)) as { type: string; timestamp: string; data: { orderNo: string; ecodes: unknown[] } };
    expect(payload).toMatchObject({ type: 'order.completed', data: { orderNo: order.orderNo } });
    expect(payload.data.ecodes).toHaveLength(1);
    expect(String(got[0]!.headers['webhook-id'])).toMatch(/^msg_/);
    // A tampered body, another secret or a timestamp older than 5 minutes is refused.
    expect(() => new Webhook(secret).verify(got[0]!.body.replace(order.orderNo, 'X'), verifyHeaders(got[0]!))).toThrow();
    const old = new Date(Date.now() - 6 * 60_000);
    const stale = { ...verifyHeaders(got[0]!), 'webhook-timestamp': String(Math.floor(old.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(String(got[0]!.headers['webhook-id']), old, got[0]!.body) };
    expect(() => new Webhook(secret).verify(got[0]!.body, stale)).toThrow(/timestamp/i);

    const [log] = await deliveries(r.token, endpoint.id);
    expect(log).toMatchObject({ eventType: 'order.completed', status: 'delivered', nextAttemptAt: null, attempts: [{ attempt: 1, statusCode: 200, answer: 'ok thanks' }] });
    // Drained again, nothing more is sent.
    await drainAt(Date.now() + 86_400_000);
    expect(at(hook.path)).toHaveLength(1);
  });

  it('a receiver answering 500 is tried again after growing waits and given up after 24 hours; the endpoint stays on', async () => {
    const r = await api.reseller();
    const hook = hookUrl(500);
    const { endpoint } = (await addEndpoint(r.token, { url: hook.url })).body.data;
    const test = await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token });
    expect(test.body.code).toBe(0);
    const created = test.body.data.createdAt;
    let due = created;
    const waits: number[] = [];
    for (let i = 1; i <= 20; i++) {
      await drainAt(due);
      const [d] = await deliveries(r.token, endpoint.id);
      expect(d!.attempts).toHaveLength(i);
      expect(d!.attempts.at(-1)).toMatchObject({ statusCode: 500, answer: 'receiver says no' });
      if (d!.nextAttemptAt === null) {
        expect(d!.status).toBe('given_up');
        break;
      }
      expect(d!.status).toBe('retrying');
      // Not sent before it is due.
      await drainAt(d!.nextAttemptAt - 1);
      expect(at(hook.path)).toHaveLength(i);
      waits.push(d!.nextAttemptAt - due);
      due = d!.nextAttemptAt;
    }
    expect(waits).toEqual(RETRY_DELAYS_MS.slice(0, waits.length));
    expect(waits.length).toBe(RETRY_DELAYS_MS.length);
    expect(due - created).toBeLessThanOrEqual(24 * 3_600_000);
    // Every try sent the same message.
    const tries = at(hook.path);
    expect(tries).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(new Set(tries.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(new Set(tries.map((x) => x.body)).size).toBe(1);
    await drainAt(created + 48 * 3_600_000);
    expect(at(hook.path)).toHaveLength(RETRY_DELAYS_MS.length + 1);
    const [listed] = (await t.call('webhook', 'list', {}, { token: r.token })).body.data.items;
    expect(listed).toMatchObject({ enabled: true, failingSince: expect.any(Number) });
    // Past the retention period a settled delivery leaves the log with its tries; one still open stays.
    const open = (await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token })).body.data;
    expect(await pruneDeliveries(t.db, Date.now() + 1_000)).toBeGreaterThanOrEqual(1);
    expect((await deliveries(r.token, endpoint.id)).map((d) => d.id)).toEqual([open.id]);
    expect(await t.db.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', test.body.data.id).execute()).toEqual([]);
  });

  it('sends a delivery again with the same message id, and a test event the reference library verifies', async () => {
    const r = await api.reseller();
    const hook = hookUrl(503);
    const { endpoint, secret } = (await addEndpoint(r.token, { url: hook.url })).body.data;
    const test = (await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token })).body.data;
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await drainAt(Date.now());
    statusFor.set(hook.path, 204);
    const again = await t.call('webhook', 'redeliver', { deliveryId: test.id }, { token: r.token });
    expect(again.body.code).toBe(0);
    expect(again.body.data).toMatchObject({ messageId: test.messageId, status: 'pending' });
    await drainAt(Date.now());
    const [second, first] = await deliveries(r.token, endpoint.id);
    expect(second).toMatchObject({ id: again.body.data.id, status: 'delivered', attempts: [{ statusCode: 204 }] });
    expect(first).toMatchObject({ id: test.id, status: 'retrying', attempts: [{ statusCode: 503 }] });
    const last = at(hook.path).at(-1)!;
    expect(new Webhook(secret).verify(last.body, verifyHeaders(last))).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect((await t.call('webhook', 'list', {}, { token: r.token })).body.data.items[0]!.failingSince).toBeNull();
    // A secret sealed under another server key is not sent with: the try says so.
    const unreadable = (await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token })).body.data;
    await runDelivery(t.db, { serverSecret: 'another-server-key', production: false, log: t.app.log }, unreadable.id);
    expect((await deliveries(r.token, endpoint.id))[0]).toMatchObject({ id: unreadable.id, status: 'retrying', attempts: [{ statusCode: null, answer: expect.stringContaining('new secret') }] });
    // A rotated secret signs what is sent next; the old one no longer verifies it.
    const rotated = (await t.call('webhook', 'rotate', { id: endpoint.id }, { token: r.token })).body.data;
    await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token });
    await drainAt(Date.now() + 1);
    const latest = at(hook.path).at(-1)!;
    expect(() => new Webhook(secret).verify(latest.body, verifyHeaders(latest))).toThrow();
    expect(new Webhook(rotated.secret).verify(latest.body, verifyHeaders(latest))).toMatchObject({ type: 'webhook.test' });
  });

  it('order.completed for a shop order paid from the balance, refund.paid when a balance paid order is refunded', async () => {
    const r = await api.reseller(100_000);
    const hook = hookUrl();
    const { secret } = (await addEndpoint(r.token, { url: hook.url, events: ['order.completed', 'refund.paid'] })).body.data;
    const order = await t.call('order', 'create', { items: [{ skuId: (await t.sku('ECODE-QPE')).id, quantity: 50 }] }, { token: r.token });
    expect(order.body.code).toBe(0);
    const { orderNo } = order.body.data;
    expect((await t.call('order', 'pay', { orderNo, method: 'balance' }, { token: r.token })).body.code).toBe(0);
    await drainAt(Date.now());
    const verified = () => at(hook.path).map((x) => new Webhook(secret).verify(x.body, verifyHeaders(x)) as { type: string; data: { orderNo: string; amount?: number } });
    expect(verified()).toMatchObject([{ type: 'order.completed', data: { orderNo, status: 'delivered' } }]);
    // An eSIM issued later by the SM-DP+ is not complete when paid: no event then. Its refund, approved by staff, is back on the balance at once.
    const esimOrder = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('ESIM-GLOBAL-3')).id, quantity: 1 }] }, { token: r.token })).body.data;
    expect((await t.call('order', 'pay', { orderNo: esimOrder.orderNo, method: 'balance' }, { token: r.token })).body.code).toBe(0);
    await drainAt(Date.now());
    expect(verified()).toHaveLength(1);
    expect((await t.call('order', 'refund', { orderNo: esimOrder.orderNo, reason: 'not_working', note: 'No signal' }, { token: r.token })).body.code).toBe(0);
    const { token: owner } = await t.staffSignIn('owner');
    const approved = await t.call('adminOrder', 'refund_approve', { orderNo: esimOrder.orderNo }, { token: owner });
    expect(approved.body.code).toBe(0);
    await drainAt(Date.now());
    expect(verified().slice(1)).toMatchObject([{ type: 'refund.paid', data: { orderNo: esimOrder.orderNo, amount: approved.body.data.refundAmount, currency: 'USD' } }]);
  });

  it('balance.low when a balance paid order crosses the endpoint threshold, once', async () => {
    const r = await api.reseller(1_000);
    const { secret: apiSecret } = await api.key(r.token);
    const hook = hookUrl();
    const { endpoint, secret } = (await addEndpoint(r.token, { url: hook.url, events: ['balance.low'], balanceLowBelow: 600 })).body.data;
    // 1000 less one ECode: below 600; the second order takes it lower still, with no second event.
    await ecodeOrder(apiSecret, 'low-1');
    const balance = (await api.balanceOf(r.userId))!;
    expect(balance).toBeLessThan(600);
    await ecodeOrder(apiSecret, 'low-2');
    await drainAt(Date.now());
    const got = at(hook.path);
    expect(got).toHaveLength(1);
    expect(new Webhook(secret).verify(got[0]!.body, verifyHeaders(got[0]!))).toMatchObject({ type: 'balance.low', data: { currency: 'USD', balance, threshold: 600 } });
    expect(await deliveries(r.token, endpoint.id)).toHaveLength(1);
  });
});

describe('webhook endpoints', () => {
  it('refuses customers, other resellers’ endpoints and deliveries, and addresses that are not https', async () => {
    const customer = await t.signIn();
    expect((await addEndpoint(customer.token, { url: 'https://example.com/hook' })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('webhook', 'list', {})).http).toBe(401);
    const r = await api.reseller();
    const other = await api.reseller();
    const { endpoint } = (await addEndpoint(r.token, { url: hookUrl().url })).body.data;
    const test = (await t.call('webhook', 'test', { id: endpoint.id }, { token: r.token })).body.data;
    const update = { id: endpoint.id, url: 'https://example.com/x', events: ['refund.paid'] };
    for (const [action, input] of [['update', update], ['delete', { id: endpoint.id }], ['rotate', { id: endpoint.id }], ['deliveries', { id: endpoint.id }], ['test', { id: endpoint.id }]] as const) {
      expect((await t.call('webhook', action, input, { token: other.token })).body.code, action).toBe(serverErrors.webhookEndpointNotFound.code);
    }
    expect((await t.call('webhook', 'redeliver', { deliveryId: test.id }, { token: other.token })).body.code).toBe(serverErrors.webhookDeliveryNotFound.code);
    for (const url of ['http://example.com/hook', 'ftp://example.com/hook', 'https://user:pw@example.com/hook', 'not a url', `https://example.com/${'x'.repeat(600)}`]) {
      expect((await addEndpoint(r.token, { url })).body.code, url).toBe(serverErrors.paramInvalid.code);
    }
    expect((await addEndpoint(r.token, { url: 'https://example.com/hook', events: [] })).body.code).toBe(serverErrors.paramInvalid.code);
    expect((await addEndpoint(r.token, { url: 'https://example.com/hook', events: ['order.shipped'] })).body.code).toBe(serverErrors.paramInvalid.code);
    // http to this machine is for development only: production refuses it.
    const caller = { userId: r.userId, serverSecret: t.config.fileTokenSecret, production: true, now: Date.now() };
    const input = { url: 'http://localhost:9000/hook', description: '', events: ['order.completed' as const], enabled: true, balanceLowBelow: 0 };
    await expect(createEndpoint(t.db, caller, input)).rejects.toMatchObject({ def: serverErrors.webhookUrlNotHttps });
    // The owner changes and deletes it.
    const changed = await t.call('webhook', 'update', { ...update, enabled: false }, { token: r.token });
    expect(changed.body.data).toMatchObject({ url: 'https://example.com/x', events: ['refund.paid'], enabled: false });
    expect((await t.call('webhook', 'delete', { id: endpoint.id }, { token: r.token })).body.data).toEqual({ id: endpoint.id });
    expect((await t.call('webhook', 'list', {}, { token: r.token })).body.data.items).toEqual([]);
    // Each change is a security event of the account, naming the endpoint.
    const events = await t.db.selectFrom('security_events').select(['kind', 'detail']).where('account', '=', `user #${r.userId}`).orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'webhook_endpoint_created', detail: `endpoint #${endpoint.id} ${endpoint.url}` },
      { kind: 'webhook_endpoint_changed', detail: `endpoint #${endpoint.id} https://example.com/x` },
      { kind: 'webhook_endpoint_deleted', detail: `endpoint #${endpoint.id} https://example.com/x` },
    ]);
    expect(await t.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id).execute()).toEqual([]);
  });

  it('are documented in the API document as OpenAPI 3.1 webhooks, one per event with the signature headers', async () => {
    const doc = (await api.request('GET', '/openapi.json')).json() as {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
      components: { schemas: Record<string, { properties: { type: { const: string } } }> };
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const completed = doc.webhooks['order.completed']!.post;
    expect(completed.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    // Each event's body is a named schema of the document.
    expect(completed.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/OrderCompletedEvent');
    expect(doc.components.schemas.OrderCompletedEvent!.properties.type.const).toBe('order.completed');
  });

  it('holds at most the most endpoints an account may have', async () => {
    const r = await t.signIn(Role.reseller);
    for (let i = 0; i < WEBHOOK_ENDPOINTS_MAX; i++) expect((await addEndpoint(r.token, { url: `https://example.com/h${i}` })).body.code).toBe(0);
    const over = await addEndpoint(r.token, { url: 'https://example.com/over' });
    expect(over.body.code).toBe(serverErrors.webhookEndpointsMax.code);
    expect(over.body.data).toEqual({ max: WEBHOOK_ENDPOINTS_MAX });
  });
});
