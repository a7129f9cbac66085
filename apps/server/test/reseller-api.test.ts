import { Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../src/modules/reseller-api/reseller-api-order.service.ts';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/** The reseller REST API (/api/v1): each operation, and each refusal as a problem with the catalogue's code. */
const t = useTestApp();
const api = resellerApiClient(t);
const ECODE_PRICE = 500;

async function ecodeSku() {
  return (await t.sku('ECODE-QPE')).id;
}

/** A refusal: problem+json of the catalogue error, valid against the contract's problem schema. */
describe('reads', () => {
  it('lists the catalogue with wholesale prices, the currency and the minimums, ECodes included', async () => {
    const r = await api.reseller();
    const { secret } = await api.key(r.token, { scopes: ['read'] });
    const res = await api.request('GET', '/catalogue?kind=ecode&size=5', { secret });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const product = body.items.find((p: { skus: { id: number }[] }) => p.skus.some((s) => s.id));
    expect(product).toMatchObject({ kind: 'ecode', currency: 'USD', wholesaleMinQty: 50, qtyMin: 1, qtyMax: 1000 });
    expect(product.skus[0]).toMatchObject({ id: await ecodeSku(), price: ECODE_PRICE, wholesalePrice: 350 });
    // A page of the same list the shop shows a reseller, with its count.
    expect(body).toMatchObject({ page: 1, size: 5, total: expect.any(Number) });
    expectProblem(await api.request('GET', '/catalogue?size=500', { secret }), serverErrors.paramInvalid);
  });

  it('answers the balance and the ledger a page at a time with a cursor', async () => {
    const r = await api.reseller(10_000);
    const { secret } = await api.key(r.token);
    expect((await api.request('GET', '/balance', { secret })).json()).toEqual({ items: [{ currency: 'USD', amount: 10_000, locked: false }] });
    const sku = await ecodeSku();
    for (const n of [1, 2, 3]) expect((await api.order(secret, `ledger-${n}`, { skuId: sku, quantity: 1 })).statusCode).toBe(201);
    const first = (await api.request('GET', '/ledger?limit=2', { secret })).json();
    expect(first.items.map((e: { amount: number }) => e.amount)).toEqual([-ECODE_PRICE, -ECODE_PRICE]);
    expect(first.items[0].balanceAfter).toBe(10_000 - 3 * ECODE_PRICE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await api.request('GET', `/ledger?limit=2&cursor=${first.nextCursor}`, { secret })).json();
    expect(second.items.map((e: { amount: number }) => e.amount)).toEqual([-ECODE_PRICE, 10_000]);
    expect(second.items[0].orderNo).toMatch(/^SS/);
    expect(second.nextCursor).toBeNull();
    expectProblem(await api.request('GET', '/ledger?cursor=abc', { secret }), serverErrors.paramInvalid);
  });
});

describe('orders', () => {
  it('buys ECodes from the balance in one go: paid, delivered, the codes issued, the balance debited', async () => {
    const r = await api.reseller(5_000);
    const { key, secret } = await api.key(r.token);
    const res = await api.order(secret, 'order-1', { skuId: await ecodeSku(), quantity: 3, expectedPrice: ECODE_PRICE });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'delivered', payMethod: 'balance', total: 3 * ECODE_PRICE, currency: 'USD' });
    expect(order.ecodes).toHaveLength(3);
    // Attributable: the order's first event names the key.
    const created = await t.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select('order_events.reason').where('orders.order_no', '=', order.orderNo).where('order_events.event', '=', 'create').executeTakeFirstOrThrow();
    expect(created.reason).toBe(`api key #${key.id}`);
    expect(await api.balanceOf(r.userId)).toBe(5_000 - 3 * ECODE_PRICE);
    // The order and its codes, read back by number and by order.
    const read = await api.request('GET', `/orders/${order.orderNo}`, { secret });
    expect(read.json()).toMatchObject({ orderNo: order.orderNo, ecodes: order.ecodes });
    const codes = (await api.request('GET', `/ecodes?order=${order.orderNo}&limit=2`, { secret })).json();
    expect(codes.items).toHaveLength(2);
    const rest = (await api.request('GET', `/ecodes?order=${order.orderNo}&limit=2&cursor=${codes.nextCursor}`, { secret })).json();
    expect([...codes.items, ...rest.items].map((c: { code: string }) => c.code).sort()).toEqual(order.ecodes.map((c: { code: string }) => c.code).sort());
    expect(rest.nextCursor).toBeNull();
    expect(codes.items[0]).toMatchObject({ orderNo: order.orderNo, status: 'unused' });
  });

  it('refuses a moved price, too little balance and a bad body, leaving nothing written', async () => {
    const r = await api.reseller(1_000);
    const { secret } = await api.key(r.token);
    const sku = await ecodeSku();
    const moved = expectProblem(await api.order(secret, 'p-1', { skuId: sku, quantity: 1, expectedPrice: 350 }), serverErrors.priceChanged);
    expect(moved.texts.en).toBe('The unit price is now 500, not the 350 you expected: nothing was ordered');
    expect(moved.field).toBe('body.expectedPrice');
    expectProblem(await api.order(secret, 'p-2', { skuId: sku, quantity: 3 }), serverErrors.balanceInsufficient);
    const bad = expectProblem(await api.order(secret, 'p-3', { skuId: sku, quantity: 0 }), serverErrors.paramInvalid);
    expect(bad.field).toBe('body.quantity');
    expectProblem(await api.request('POST', '/orders', { secret, body: 'not json{', headers: { 'idempotency-key': 'p-4' } }), serverErrors.paramInvalid);
    expectProblem(await api.order(secret, null, { skuId: sku, quantity: 1 }), serverErrors.idempotencyKeyMissing);
    expectProblem(await api.order(secret, 'p-5', { skuId: (await t.sku('SIM-CU-30')).id, quantity: 1 }), serverErrors.apiOrderKindUnsupported);
    expect(await api.ordersOf(r.userId)).toEqual([]);
    expect(await api.ecodesOf(r.userId)).toEqual([]);
    expect(await api.balanceOf(r.userId)).toBe(1_000);
    expect(await t.db.selectFrom('api_idempotency').select('idem_key').where('user_id', '=', r.userId).execute()).toEqual([]);
    // A refusal kept no answer: the same key goes through once the balance covers it.
    expect((await api.order(secret, 'p-2', { skuId: sku, quantity: 2 })).statusCode).toBe(201);
    expect(await api.balanceOf(r.userId)).toBe(0);
  });

  it('answers the same key and body with the first answer, and refuses the same key with another body', async () => {
    const r = await api.reseller(5_000);
    const { secret } = await api.key(r.token);
    const sku = await ecodeSku();
    const first = await api.order(secret, 'same', { skuId: sku, quantity: 1 });
    const again = await api.order(secret, 'same', { quantity: 1, skuId: sku });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectProblem(await api.order(secret, 'same', { skuId: sku, quantity: 2 }), serverErrors.idempotencyKeyReused);
    expect(await api.ordersOf(r.userId)).toHaveLength(1);
    // After 24 hours the key is free again.
    await t.db.updateTable('api_idempotency').set({ created_at: Date.now() - 25 * 3_600_000 }).where('user_id', '=', r.userId).execute();
    expect((await api.order(secret, 'same', { skuId: sku, quantity: 2 })).statusCode).toBe(201);
    expect(await api.ordersOf(r.userId)).toHaveLength(2);
    // The scheduled round forgets records past their 24 hours, and only those.
    await t.db.updateTable('api_idempotency').set({ created_at: Date.now() - 25 * 3_600_000 }).where('user_id', '=', r.userId).execute();
    expect((await api.order(secret, 'fresh', { skuId: sku, quantity: 1 })).statusCode).toBe(201);
    await pruneIdempotencyKeys(t.db, Date.now());
    expect(await t.db.selectFrom('api_idempotency').select('idem_key').where('user_id', '=', r.userId).execute()).toEqual([{ idem_key: 'fresh' }]);
  });

  it("answers another reseller's order as not found, not forbidden", async () => {
    const a = await api.reseller(1_000);
    const b = await api.reseller();
    const orderNo = (await api.order((await api.key(a.token)).secret, 'mine', { skuId: await ecodeSku(), quantity: 1 })).json().orderNo;
    const other = (await api.key(b.token)).secret;
    expectProblem(await api.request('GET', `/orders/${orderNo}`, { secret: other }), serverErrors.orderNotFound);
    expect(expectProblem(await api.request('GET', `/ecodes?order=${orderNo}`, { secret: other }), serverErrors.orderNotFound).field).toBe('query.order');
    expect((await api.request('GET', '/ecodes', { secret: other })).json()).toEqual({ items: [], nextCursor: null });
    expectProblem(await api.request('GET', '/orders/nope', { secret: other }), serverErrors.paramInvalid);
  });
});

describe('keys, scopes and addresses', () => {
  it('refuses no key, a bad key, a revoked key, a missing scope and an address not allowed', async () => {
    const r = await api.reseller();
    const missing = await api.request('GET', '/balance');
    expectProblem(missing, serverErrors.apiKeyMissing);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    expectProblem(await api.request('GET', '/balance', { headers: { authorization: 'Basic abc' } }), serverErrors.apiKeyInvalid);
    expectProblem(await api.request('GET', '/balance', { secret: `sk_live_${'x'.repeat(43)}` }), serverErrors.apiKeyInvalid);
    const readOnly = await api.key(r.token, { scopes: ['read'] });
    const scope = expectProblem(await api.order(readOnly.secret, 'k', { skuId: 1, quantity: 1 }), serverErrors.apiKeyScope);
    expect(scope.title).toContain('"order"');
    const pinned = await api.key(r.token, { ipAllowList: ['203.0.113.0/24'] });
    expect((await api.request('GET', '/balance', { secret: pinned.secret, ip: '203.0.113.9' })).statusCode).toBe(200);
    const away = expectProblem(await api.request('GET', '/balance', { secret: pinned.secret, ip: '198.51.100.1', lang: 'zh-CN' }), serverErrors.apiKeyIpNotAllowed);
    expect(away.title).toBe('该 API 密钥不能从 198.51.100.1 使用：请将该地址加入其允许列表');
    expect(away.texts.en).toContain('198.51.100.1');
    await t.call('apiKey', 'revoke', { id: readOnly.key.id }, { token: r.token });
    expectProblem(await api.request('GET', '/balance', { secret: readOnly.secret }), serverErrors.apiKeyInvalid);
    // A key stops with its account's reseller standing.
    const live = await api.key(r.token);
    await t.db.updateTable('users').set({ role: Role.normal }).where('id', '=', r.userId).execute();
    expectProblem(await api.request('GET', '/balance', { secret: live.secret }), serverErrors.apiKeyInvalid);
    expectProblem(await api.request('GET', '/nothing-here', { secret: live.secret }), serverErrors.notFound);
  });

  it('sends the rate-limit headers and refuses past the burst with 429 and Retry-After', async () => {
    const r = await api.reseller();
    const { secret } = await api.key(r.token);
    const first = await api.request('GET', '/balance', { secret });
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '20', 'ratelimit-remaining': '19' });
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    const burst = await Promise.all(Array.from({ length: 24 }, () => api.request('GET', '/balance', { secret })));
    const refused = burst.filter((res) => res.statusCode === 429);
    expect(burst.filter((res) => res.statusCode === 200)).toHaveLength(19);
    expect(refused).toHaveLength(5);
    const problem = expectProblem(refused[0]!, serverErrors.tooFrequent);
    expect(Number(refused[0]!.headers['retry-after'])).toBe(problem.retryAfter);
    expect(refused[0]!.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same reseller has its own allowance.
    expect((await api.request('GET', '/balance', { secret: (await api.key(r.token)).secret })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every operation with the bearer scheme, scopes and the problem', async () => {
    const res = await api.request('GET', '/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.components.schemas.Problem.properties)).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code', 'texts']));
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/v1/balance', '/api/v1/bulk-orders', '/api/v1/bulk-orders/{id}', '/api/v1/bulk-orders/{id}/cancel', '/api/v1/catalogue', '/api/v1/ecodes', '/api/v1/ecodes/export', '/api/v1/esims', '/api/v1/esims/export', '/api/v1/esims/{iccid}', '/api/v1/esims/{iccid}/qr.png', '/api/v1/esims/{iccid}/topups', '/api/v1/ledger', '/api/v1/openapi.json', '/api/v1/orders', '/api/v1/orders/{id}', '/api/v1/orders/{id}/refund']);
    const create = doc.paths['/api/v1/orders'].post;
    expect(create).toMatchObject({ 'x-scope': 'order', security: [{ apiKey: [] }] });
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['skuId', 'quantity']);
    // Shared answers are named once in components and referred to.
    expect(create.responses[201].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Order' });
    expect(create.responses[401]).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(doc.components.schemas.Order.properties.status).toEqual({ $ref: '#/components/schemas/OrderStatus' });
    expect(doc.paths['/api/v1/orders/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(doc.paths['/api/v1/ledger'].get.parameters).toContainEqual(expect.objectContaining({ name: 'cursor', in: 'query', required: false }));
  });
});
