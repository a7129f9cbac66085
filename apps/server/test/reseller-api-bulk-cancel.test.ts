import { serverErrors, type ApiBulkJob } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { runBulkJob } from '../src/modules/reseller-api/reseller-api-bulk.service.ts';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Cancelling a bulk order through POST /api/v1/bulk-orders/{id}/cancel: an open job stops before
 * its next order, the units not ordered are credited back in the cancel's transaction and
 * bulk_job.done says `cancelled`; a job that is over is refused, another reseller's not found.
 * Cancels sent while the worker writes orders never credit a unit twice or lose one.
 * ECODE-QPE: 350 a unit wholesale from 50 units; its stock is 10,000 for the whole file.
 */
const t = useTestApp();
const api = resellerApiClient(t);
const WHOLESALE = 350;

const skuId = async () => (await t.sku('ECODE-QPE')).id;
async function accepted(secret: string, key: string, quantity: number): Promise<ApiBulkJob> {
  const res = await api.request('POST', '/bulk-orders', { secret, body: { skuId: await skuId(), quantity }, headers: { 'idempotency-key': key } });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as ApiBulkJob;
}
const cancel = (secret: string, id: string, lang?: string) => api.request('POST', `/bulk-orders/${id}/cancel`, { secret, ...(lang ? { lang } : {}) });
const job = async (secret: string, id: string) => (await api.request('GET', `/bulk-orders/${id}`, { secret })).json() as ApiBulkJob;
/** The job's progress as the worker commits it, read from the database (polling the API would hit the key's rate limit). */
const progress = async (id: string) => (await t.db.selectFrom('api_bulk_jobs').select(['issued', 'order_nos']).where('id', '=', id).executeTakeFirstOrThrow());
const ledgerOf = (userId: number) => t.db.selectFrom('balance_ledger').select(['amount', 'balance_after', 'reason']).where('user_id', '=', userId).orderBy('id').execute();
const deliveriesOf = async (endpointId: number) =>
  (await t.db.selectFrom('webhook_deliveries').select(['event_type', 'body']).where('endpoint_id', '=', endpointId).orderBy('id').execute()).map((d) => ({ type: d.event_type, ...(JSON.parse(d.body) as { data: Record<string, unknown> }) }));

/** What the job's money adds up to: the orders it made, what came back, and the balance from `start`. */
async function money(userId: number, id: string) {
  const orders = await api.ordersOf(userId);
  const ordered = orders.reduce((sum, o) => sum + Number(o.total), 0);
  const credited = (await ledgerOf(userId)).filter((l) => l.reason === `bulk ${id} cancelled` || l.reason === `bulk ${id} refund`).reduce((sum, l) => sum + Number(l.amount), 0);
  return { orders: orders.length, ordered, credited, ecodes: (await api.ecodesOf(userId)).length, balance: await api.balanceOf(userId) };
}

describe('cancelling a bulk order', () => {
  it('cancels a queued job: everything is credited back at once, bulk_job.done says cancelled, the worker then orders nothing', async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const hook = await t.call('webhook', 'create', { url: 'http://127.0.0.1:9/bulk', description: 'ERP', events: ['bulk_job.done'] }, { token: r.token });
    expect(hook.body.code, JSON.stringify(hook.body)).toBe(0);
    const { id } = await accepted(secret, 'queued', 600);
    const res = await cancel(secret, id);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json() as ApiBulkJob;
    expect(cancelled).toMatchObject({ id, state: 'cancelled', quantity: 600, issued: 0, failed: 600, amount: 600 * WHOLESALE, refunded: 600 * WHOLESALE, orders: [], error: null });
    expect(cancelled.finishedAt).not.toBeNull();
    expect(await job(secret, id)).toEqual(cancelled);
    expect(await api.balanceOf(r.userId)).toBe(1_000_000);
    expect((await ledgerOf(r.userId)).at(-1)).toMatchObject({ amount: 600 * WHOLESALE, balance_after: 1_000_000, reason: `bulk ${id} cancelled` });
    expect(await deliveriesOf(hook.body.data.endpoint.id)).toEqual([expect.objectContaining({ type: 'bulk_job.done', data: { jobId: id, state: 'cancelled', orderNo: null, done: 0, failed: 600 } })]);
    // The job's outbox entry still runs: it finds the job over and writes nothing.
    await t.drain();
    expect(await money(r.userId, id)).toMatchObject({ orders: 0, ecodes: 0, balance: 1_000_000 });
    expect((await job(secret, id)).state).toBe('cancelled');
  });

  it('cancels a running job after some of its orders: those stay, the rest is credited back', async () => {
    const r = await api.reseller(2_000_000);
    const { secret } = await api.key(r.token);
    const { id, amount } = await accepted(secret, 'running', 3000);
    const worker = runBulkJob(t.db, id);
    await expect.poll(async () => (await progress(id)).issued, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
    const res = await cancel(secret, id);
    await worker;
    expect(res.statusCode, res.body).toBe(200);
    const done = await job(secret, id);
    expect(done.state).toBe('cancelled');
    expect(done.issued).toBeGreaterThan(0);
    expect(done.issued).toBeLessThan(3000);
    expect(done.failed).toBe(3000 - done.issued);
    expect(done.refunded).toBe(done.failed * WHOLESALE);
    expect(done.orders.reduce((sum, o) => sum + o.quantity, 0)).toBe(done.issued);
    const m = await money(r.userId, id);
    expect(m).toMatchObject({ orders: done.orders.length, ecodes: done.issued, ordered: done.issued * WHOLESALE, credited: done.refunded, balance: 2_000_000 - done.issued * WHOLESALE });
    expect(m.ordered + m.credited).toBe(amount);
  });

  it('refuses a job that is over with 409 in both languages, a job cancelled already, and two cancels at once cancel once', async () => {
    const r = await api.reseller(1_000_000);
    const { secret } = await api.key(r.token);
    const finished = await accepted(secret, 'finished', 60);
    await runBulkJob(t.db, finished.id);
    expect((await job(secret, finished.id)).state).toBe('done');
    const en = expectProblem(await cancel(secret, finished.id), serverErrors.bulkJobNotCancellable);
    expect(en).toMatchObject({ field: 'path.id', title: serverErrors.bulkJobNotCancellable.en.replace('{{state}}', 'done') });
    const zh = expectProblem(await cancel(secret, finished.id, 'zh-Hans'), serverErrors.bulkJobNotCancellable);
    expect(zh.title).toBe(serverErrors.bulkJobNotCancellable.zh.replace('{{state}}', 'done'));
    expect(zh.texts.en).toBe(en.title);

    const open = await accepted(secret, 'twice', 60);
    const answers = await Promise.all([cancel(secret, open.id), cancel(secret, open.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expectProblem(answers.find((a) => a.statusCode === 409)!, serverErrors.bulkJobNotCancellable);
    expectProblem(await cancel(secret, open.id), serverErrors.bulkJobNotCancellable);
    expect((await ledgerOf(r.userId)).filter((l) => l.reason === `bulk ${open.id} cancelled`)).toEqual([expect.objectContaining({ amount: 60 * WHOLESALE })]);
    expect(await api.balanceOf(r.userId)).toBe(1_000_000 - 60 * WHOLESALE);
  });

  it("another reseller's job is not found and stays as it was; a key without the order scope is refused", async () => {
    const owner = await api.reseller(1_000_000);
    const other = await api.reseller(1_000_000);
    const mine = (await api.key(owner.token)).secret;
    const { id } = await accepted(mine, 'mine', 60);
    const theirs = (await api.key(other.token)).secret;
    expect(expectProblem(await cancel(theirs, id), serverErrors.notFound).field).toBe('path.id');
    expectProblem(await cancel(theirs, 'bulk_AAAAAAAAAAAAAAAAAAAAAA'), serverErrors.notFound);
    expect(expectProblem(await cancel(theirs, 'not-a-job'), serverErrors.paramInvalid).field).toBe('path.id');
    const reader = (await api.key(owner.token, { scopes: ['read'], name: 'reader' })).secret;
    expectProblem(await cancel(reader, id), serverErrors.apiKeyScope);
    expect((await job(mine, id)).state).toBe('queued');
    expect(await api.balanceOf(owner.userId)).toBe(1_000_000 - 60 * WHOLESALE);
  });

  it('cancels sent while the worker writes orders: each unit is ordered or credited back, exactly once', async () => {
    const r = await api.reseller(20_000_000);
    const { secret } = await api.key(r.token);
    // Cancels after a different number of the job's orders, the first one before the worker starts.
    for (const [i, after] of [0, 1, 2, 4].entries()) {
      const { id, amount } = await accepted(secret, `race-${i}`, 2500);
      const worker = runBulkJob(t.db, id);
      if (after > 0) await expect.poll(async () => (JSON.parse((await progress(id)).order_nos) as string[]).length, { timeout: 30_000, interval: 2 }).toBeGreaterThanOrEqual(after);
      const [a, b] = await Promise.all([cancel(secret, id), cancel(secret, id)]);
      await worker;
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const done = await job(secret, id);
      const orders = (await api.ordersOf(r.userId)).filter((o) => done.orders.some((d) => d.orderNo === o.order_no));
      const ordered = orders.reduce((sum, o) => sum + Number(o.total), 0);
      const credited = (await ledgerOf(r.userId)).filter((l) => l.reason === `bulk ${id} cancelled`).reduce((sum, l) => sum + Number(l.amount), 0);
      expect(done.state).toBe('cancelled');
      expect(ordered + credited).toBe(amount);
      expect(credited).toBe(done.refunded);
      expect(ordered).toBe(done.issued * WHOLESALE);
      expect(done.issued + done.failed).toBe(2500);
    }
    // Every code issued belongs to an order the jobs recorded; the balance paid exactly for those.
    const all = await money(r.userId, '');
    expect(all.ecodes).toBe(all.ordered / WHOLESALE);
    expect(all.balance).toBe(20_000_000 - all.ordered);
  });

  it('is in the served OpenAPI document with the order scope', async () => {
    const doc = (await api.request('GET', '/openapi.json')).json();
    expect(doc.paths['/api/v1/bulk-orders/{id}/cancel'].post).toMatchObject({ operationId: 'cancelBulkOrder', 'x-scope': 'order' });
    // A schema may be inline or a reference to the document's components.
    const resolve = (schema: { $ref?: string }) => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema);
    const event = resolve(doc.webhooks['bulk_job.done'].post.requestBody.content['application/json'].schema);
    expect(resolve(event.properties.data.properties.state).enum).toContain('cancelled');
  });
});
