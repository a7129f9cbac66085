import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox, enqueueMessage, MAX_ATTEMPTS, type OutboxHandlers } from '../src/jobs/outbox.ts';
import { claimOne } from '../src/jobs/outbox.repository.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let finance: string;
beforeAll(async () => {
  finance = (await t.staffSignIn('finance')).token;
});

const list = <A extends 'payment_list' | 'refund_list' | 'job_list' | 'job_counts'>(action: A, body: Record<string, unknown> = {}, token = finance) => t.call('adminPayment', action, body, { token });

/** An order of one Asia eSIM, created and (unless told) paid in the sandbox. */
async function order(token: string, outcome: 'approve' | 'decline' | 'unpaid' = 'approve') {
  const sku = await t.sku('ESIM-ASIA-5-7');
  const created = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token });
  const orderNo = created.body.data.orderNo as string;
  if (outcome === 'unpaid') await t.call('order', 'pay', { orderNo, method: 'sandbox' }, { token });
  else await t.paySandbox(token, orderNo, outcome);
  return orderNo;
}

describe('payments', () => {
  let customer: { userId: number; token: string };
  let paid: string;
  let declined: string;
  let pending: string;
  beforeAll(async () => {
    customer = await t.signIn();
    paid = await order(customer.token);
    declined = await order(customer.token, 'decline');
    pending = await order(customer.token, 'unpaid');
  });

  it('lists payments with provider, provider id, amount, status, order and customer', async () => {
    const res = await list('payment_list', { q: paid });
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(1);
    const payment = res.body.data.items[0]!;
    const account = (await t.db.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email;
    expect(payment).toMatchObject({ orderNo: paid, userId: customer.userId, account, method: 'sandbox', amount: 990, currency: 'USD', status: 'succeeded', providerRef: expect.stringMatching(/^sandbox-/) });
    // Found by its payment id and by the provider's id too.
    expect((await list('payment_list', { q: payment.id })).body.data.items[0]!.orderNo).toBe(paid);
    expect((await list('payment_list', { q: payment.providerRef!.toUpperCase() })).body.data.items[0]!.orderNo).toBe(paid);
    expect((await list('payment_list', { q: account })).body.data.total).toBe(3);
  });

  it('filters by status, method, currency and date, sorts and pages', async () => {
    const mine = async (body: Record<string, unknown>) => (await list('payment_list', { ...body, pageSize: 100 })).body.data.items.filter((p: { userId: number }) => p.userId === customer.userId).map((p: { orderNo: string }) => p.orderNo);
    expect(await mine({ status: 'failed' })).toEqual([declined]);
    expect(await mine({ status: 'pending' })).toEqual([pending]);
    expect(await mine({ status: 'succeeded' })).toEqual([paid]);
    expect(await mine({ method: 'sandbox', sortOrder: 'asc' })).toEqual([paid, declined, pending]);
    expect(await mine({ method: 'card' })).toEqual([]);
    expect(await mine({ currency: 'CNY' })).toEqual([]);
    expect(await mine({ from: Date.now() + 60_000 })).toEqual([]);
    expect(await mine({ from: Date.now() - 600_000, to: Date.now() + 1 })).toHaveLength(3);
    const page1 = (await list('payment_list', { page: 1, pageSize: 2, sortField: 'amount', sortOrder: 'asc' })).body.data;
    const page2 = (await list('payment_list', { page: 2, pageSize: 2, sortField: 'amount', sortOrder: 'asc' })).body.data;
    expect(page1.total).toBe(page2.total);
    expect(page1.items[1]!.amount).toBeLessThanOrEqual(page2.items[0]?.amount ?? Infinity);
  });

  it('names invalid filters, and needs payments.read', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: 'paid' }, 'status'],
      [{ method: 'cash' }, 'method'],
      [{ currency: 'EUR' }, 'currency'],
      [{ sortField: 'orderNo' }, 'sortField'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ from: -1 }, 'from'],
      [{ q: 'x'.repeat(101) }, 'q'],
      [{ extra: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = (await list('payment_list', body)).body;
      expect(res.code, JSON.stringify(body)).toBe(serverErrors.paramInvalid.code);
      if (field) expect(res.field).toBe(field);
    }
    const operator = (await t.staffSignIn('operator')).token;
    expect((await list('payment_list', {}, operator)).body.code).toBe(serverErrors.permissionDenied.code);
  });
});

describe('refunds', () => {
  it('shows each refund asked for, paid back in full or in part, or rejected, with the payment it goes back to', async () => {
    const customer = await t.signIn();
    const [full, part, rejected, asked] = [await order(customer.token), await order(customer.token), await order(customer.token), await order(customer.token)];
    for (const orderNo of [full, part, rejected, asked]) {
      expect((await t.call('order', 'refund', { orderNo, reason: 'no_longer_needed', note: `note ${orderNo}` }, { token: customer.token })).body.code).toBe(0);
    }
    expect((await t.admin('refund', 'approve', full)).code).toBe(0);
    expect((await t.admin('refund', 'approve', part, '2.50')).code).toBe(0);
    expect((await t.admin('refund', 'reject', rejected, 'used already')).code).toBe(0);

    const items = (await list('refund_list', { pageSize: 100 })).body.data.items as Array<Record<string, unknown>>;
    const byOrder = (orderNo: string) => items.find((r) => r.orderNo === orderNo)!;
    const payment = (await list('payment_list', { q: full })).body.data.items[0]!;
    expect(byOrder(full)).toMatchObject({ state: 'refunded', orderStatus: 'refunded', amount: 990, orderTotal: 990, currency: 'USD', reason: 'no_longer_needed', note: `note ${full}`, method: 'sandbox', paymentId: payment.id, providerRef: payment.providerRef, refundId: expect.any(String) });
    expect(byOrder(full).decidedAt).toBeGreaterThanOrEqual(byOrder(full).requestedAt as number);
    expect(byOrder(part)).toMatchObject({ state: 'partial', orderStatus: 'partial_refunded', amount: 250 });
    expect(byOrder(rejected)).toMatchObject({ state: 'rejected', amount: null, decidedAt: expect.any(Number) });
    expect(byOrder(asked)).toMatchObject({ state: 'requested', orderStatus: 'to_be_refunded', amount: null, decidedAt: null });

    for (const [state, orderNo] of [['refunded', full], ['partial', part], ['rejected', rejected], ['requested', asked]] as const) {
      const found = (await list('refund_list', { state, pageSize: 100 })).body.data.items.map((r: { orderNo: string }) => r.orderNo);
      expect(found, state).toContain(orderNo);
      expect(found.filter((o: string) => [full, part, rejected, asked].includes(o)), state).toEqual([orderNo]);
    }
    expect((await list('refund_list', { q: part })).body.data.items.map((r: { orderNo: string }) => r.orderNo)).toEqual([part]);
    expect((await list('refund_list', { from: Date.now() + 60_000 })).body.data.total).toBe(0);
    const asc = (await list('refund_list', { sortOrder: 'asc', pageSize: 100 })).body.data.items.map((r: { requestedAt: number }) => r.requestedAt);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect((await list('refund_list', { state: 'approved' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'state' });
  });
});

describe('background jobs', () => {
  const later = (hours: number) => Date.now() + hours * 3_600_000;
  let flakyBroken = true;
  const handlers = (): OutboxHandlers => ({
    ...t.outboxHandlers,
    'test.flaky': async () => {
      if (flakyBroken) throw new Error('provider down');
    },
  });
  /** Runs the worker until every job gives up or is done, jumping over the back-off each time. */
  async function runUntilSettled() {
    for (let i = 1; i <= MAX_ATTEMPTS + 1; i++) await drainOutbox(t.db, handlers(), undefined, later(i * 2));
  }
  const jobsOf = async (status: string, topic: string) => (await list('job_list', { status, topic })).body.data.items as Array<Record<string, unknown>>;

  it('lists jobs that gave up with topic, attempts, error and time; message texts are not shown', async () => {
    await enqueueMessage(t.db, 'test.unknown-topic', { orderId: 42 });
    await enqueueMessage(t.db, 'test.flaky', { paymentId: 'p-1' });
    // A text message the gateway refuses (no text): staff see where it went, not what it said.
    await enqueueMessage(t.db, 'sms.send', { to: '13800000000', code: '123456' });
    await runUntilSettled();

    const [unknown] = await jobsOf('failed', 'unknown-topic');
    expect(unknown).toMatchObject({ topic: 'test.unknown-topic', status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'no handler for outbox topic test.unknown-topic', payload: { orderId: 42 }, failedAt: expect.any(Number) });
    const [sms] = await jobsOf('failed', 'sms.send');
    expect(sms!.payload).toEqual({ to: '13800000000' });
    expect(JSON.stringify(sms)).not.toContain('123456');
    expect((await list('job_counts')).body.data).toMatchObject({ failed: 3 });
    const sorted = (await list('job_list', { status: 'failed', sortField: 'failedAt', sortOrder: 'asc' })).body.data;
    expect(sorted.total).toBe(3);
  });

  it('counts jobs waiting, running and retrying', async () => {
    await drainOutbox(t.db, t.outboxHandlers);
    const base = (await list('job_counts')).body.data;
    await enqueueMessage(t.db, 'test.flaky', { n: 1 });
    await drainOutbox(t.db, handlers());
    await enqueueMessage(t.db, 'test.waiting', { n: 2 });
    expect((await list('job_counts')).body.data).toEqual({ ...base, retrying: base.retrying + 1, pending: base.pending + 1 });
    expect((await jobsOf('retrying', 'test.flaky'))[0]).toMatchObject({ attempts: 1, lastError: 'provider down' });
    await t.db.transaction().execute((tx) => claimOne(tx, { now: Date.now(), leaseMs: 60_000, token: 'test-worker', postgres: t.engine === 'postgres' }));
    expect((await list('job_counts')).body.data).toMatchObject({ running: base.running + 1, pending: base.pending });
    expect((await jobsOf('running', 'test.waiting'))).toHaveLength(1);
  });

  it('retries a job once, audited: a job that works now is done, one that fails again is failed again', async () => {
    const owner = (await t.staffSignIn('owner')).token;
    const [flaky] = await jobsOf('failed', 'test.flaky');
    const [unknown] = await jobsOf('failed', 'unknown-topic');

    const retried = await t.call('adminPayment', 'job_retry', { id: flaky!.id }, { token: owner });
    expect(retried.body.data).toMatchObject({ id: flaky!.id, status: 'retrying', attempts: MAX_ATTEMPTS });
    const [audit] = await t.auditOf('job', flaky!.id as number);
    expect(audit).toMatchObject({ action: 'job.retry', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'provider down' });
    // Asked twice: the second is refused (it is queued, not failed).
    expect((await t.call('adminPayment', 'job_retry', { id: flaky!.id }, { token: owner })).body).toMatchObject({ code: serverErrors.jobNotFailed.code, field: 'id' });
    flakyBroken = false;
    expect((await t.call('adminPayment', 'job_retry', { id: unknown!.id }, { token: owner })).body.code).toBe(0);
    await drainOutbox(t.db, handlers());

    expect(await jobsOf('failed', 'test.flaky')).toHaveLength(0);
    expect((await t.db.selectFrom('outbox').select('done_at').where('id', '=', flaky!.id as number).executeTakeFirstOrThrow()).done_at).not.toBeNull();
    const [again] = await jobsOf('failed', 'unknown-topic');
    expect(again).toMatchObject({ id: unknown!.id, attempts: MAX_ATTEMPTS + 1, status: 'failed' });
    // A job that is done cannot be retried either.
    expect((await t.call('adminPayment', 'job_retry', { id: flaky!.id }, { token: owner })).body.code).toBe(serverErrors.jobNotFailed.code);
    expect((await t.auditOf('job', flaky!.id as number))).toHaveLength(1);
  });

  it('refuses unknown ids, bad input and roles without jobs.write', async () => {
    const owner = (await t.staffSignIn('owner')).token;
    expect((await t.call('adminPayment', 'job_retry', { id: 999_999 }, { token: owner })).body).toMatchObject({ code: serverErrors.notFound.code, field: 'id' });
    expect((await t.call('adminPayment', 'job_retry', {}, { token: owner })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'id' });
    expect((await t.call('adminPayment', 'job_retry', { id: 2 ** 31 }, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
    expect((await list('job_list', { status: 'done' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'status' });
    const [unknown] = await jobsOf('failed', 'unknown-topic');
    // Finance reads jobs but may not retry them.
    expect((await t.call('adminPayment', 'job_retry', { id: unknown!.id }, { token: finance })).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await jobsOf('failed', 'unknown-topic'))[0]).toMatchObject({ status: 'failed' });
  });
});
