import { DEFAULT_INSTANT_REFUND_DAYS, serverErrors } from '@simshop/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * "Refund now": an eSIM the SM-DP+ never reported downloading or installing, paid within the
 * owner's period, is refunded at once by the shop's rule; anything else is asked for with a reason.
 */
const t = useTestApp();
let base = '';
let owner = '';
let finance = '';
beforeAll(async () => {
  base = await t.listen();
  owner = (await t.staffSignIn('owner')).token;
  finance = (await t.staffSignIn('finance')).token;
});

const EID = '89049032004008882600012345678956';
const DAY = 86_400_000;

/** Buys one on-demand eSIM, issued by the built-in SM-DP+ when the outbox drains. */
async function buyEsim() {
  const { userId, token } = await t.signIn();
  const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
  await t.drain();
  const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
  return { userId, token, orderNo, esim: esim! };
}

const detail = async (token: string, orderNo: string) => (await t.call('order', 'detail', { orderNo }, { token })).body.data;
const refundNow = (token: string, orderNo: string) => t.call('order', 'refund_now', { orderNo }, { token });
const notificationsOf = (userId: number) => t.db.selectFrom('notifications').select('kind').where('user_id', '=', userId).orderBy('id').execute();

async function install(activationCode: string) {
  const res = await fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: activationCode, eid: EID }) });
  expect(res.status).toBe(200);
}

/** Until a statement of this database waits for a row lock (the refund blocked behind the report). */
async function waitForLockWait() {
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function setDays(days: number, token = owner) {
  const current = (await t.call('adminSettings', 'refunds', {}, { token: owner })).body.data;
  return t.call('adminSettings', 'save_refunds', { version: current.updatedAt, instantRefundDays: days }, { token });
}

describe('refund now', () => {
  it('refunds a never-installed eSIM at once: money back, profile cancelled, the customer told, audited as the rule', async () => {
    const { userId, token, orderNo, esim } = await buyEsim();
    const before = await detail(token, orderNo);
    expect(before.instantRefund).toEqual({ until: before.paidAt! + DEFAULT_INSTANT_REFUND_DAYS * DAY });
    expect(before.actions).toContain('refund');

    const res = await refundNow(token, orderNo);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'refunded', refundAmount: before.total, instantRefund: null } });
    expect(res.body.data.events.slice(-2).map((e) => [e.to, e.by])).toEqual([['to_be_refunded', 'customer'], ['refunded', 'system']]);
    expect((await t.call('esim', 'detail', { id: esim.id }, { token })).body.data.status).toBe('discarded');
    await t.drain();
    // Cancelled at the SM-DP+: the phone can no longer install it.
    const late = await fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim.activationCode, eid: EID }) });
    expect(late.status).toBe(409);
    // The sandbox's money is back at once: approved and paid, each said once.
    expect((await notificationsOf(userId)).map((n) => n.kind).filter((k) => k.startsWith('refund'))).toEqual(['refund_approved', 'refund_paid']);

    const audit = await t.auditOf('order', orderNo);
    expect(audit.at(-1)).toMatchObject({ action: 'order.refund_rule', actor: 'rule', staff_id: null });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({ status: 'refunded', refundAmount: before.total, customer: userId });

    // The console says it was automatic, in the refunds list and on the order's page.
    const refunds = (await t.call('adminPayment', 'refund_list', { pageSize: 100, q: orderNo }, { token: finance })).body.data.items;
    expect(refunds).toEqual([expect.objectContaining({ orderNo, state: 'refunded', automatic: true })]);
    expect((await t.call('adminOrder', 'detail', { orderNo }, { token: finance })).body.data.refundAutomatic).toBe(true);
  });

  it('refuses an installed eSIM with the error that says to ask with a reason, and writes nothing', async () => {
    const { token, orderNo, esim } = await buyEsim();
    await install(esim.activationCode);
    const shown = await detail(token, orderNo);
    expect(shown.instantRefund).toBeNull();
    const res = await refundNow(token, orderNo);
    expect(res.body).toMatchObject({ code: serverErrors.instantRefundInstalled.code, field: 'orderNo' });
    expect(await detail(token, orderNo)).toMatchObject({ status: 'delivered', refundId: null });
    expect(await t.auditOf('order', orderNo)).toHaveLength(0);
    // The request with a reason is still there, and staff decide it; the console says it was not automatic.
    expect((await t.call('order', 'refund', { orderNo, reason: 'not_working' }, { token })).body.data.status).toBe('to_be_refunded');
    await t.call('adminOrder', 'refund_approve', { orderNo }, { token: finance });
    const refunds = (await t.call('adminPayment', 'refund_list', { pageSize: 100, q: orderNo }, { token: finance })).body.data.items;
    expect(refunds).toEqual([expect.objectContaining({ state: 'refunded', automatic: false })]);
  });

  it('refuses an eSIM whose download alone was reported', async () => {
    const { token, orderNo, esim } = await buyEsim();
    await t.db.updateTable('esims').set({ activation_status: 2 }).where('id', '=', esim.id).execute();
    expect((await refundNow(token, orderNo)).body.code).toBe(serverErrors.instantRefundInstalled.code);
  });

  it('refuses past the period, and when the owner turns it off', async () => {
    const { token, orderNo } = await buyEsim();
    await t.db.updateTable('orders').set({ paid_at: Date.now() - (DEFAULT_INSTANT_REFUND_DAYS + 1) * DAY }).where('order_no', '=', orderNo).execute();
    expect((await detail(token, orderNo)).instantRefund).toBeNull();
    expect((await refundNow(token, orderNo)).body).toMatchObject({ code: serverErrors.instantRefundExpired.code });
    expect((await detail(token, orderNo)).status).toBe('delivered');

    const fresh = await buyEsim();
    expect((await setDays(0)).body.code).toBe(0);
    try {
      expect((await detail(fresh.token, fresh.orderNo)).instantRefund).toBeNull();
      expect((await refundNow(fresh.token, fresh.orderNo)).body.code).toBe(serverErrors.instantRefundNotOffered.code);
    } finally {
      await setDays(DEFAULT_INSTANT_REFUND_DAYS);
    }
  });

  it("does not find another user's order; offers a pool eSIM too", async () => {
    const { orderNo } = await buyEsim();
    const other = await t.signIn();
    expect((await refundNow(other.token, orderNo)).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await t.auditOf('order', orderNo)).length).toBe(0);
    const { token } = await t.signIn();
    const pooled = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    // A pool eSIM is offered alike: "never installed" is what the SM-DP+ reported.
    expect((await detail(token, pooled)).instantRefund).not.toBeNull();
  });

  it('refunds a double tap once', async () => {
    const { userId, token, orderNo } = await buyEsim();
    const results = await Promise.all([refundNow(token, orderNo), refundNow(token, orderNo)]);
    const codes = results.map((r) => r.body.code).sort((a, b) => a - b);
    expect(codes[0]).toBe(0);
    // The second either finds the order refunded already, or loses the race for its status.
    expect([serverErrors.instantRefundNotOffered.code, serverErrors.orderStatusConflict.code]).toContain(codes[1]);
    expect((await t.auditOf('order', orderNo)).filter((a) => a.action === 'order.refund_rule')).toHaveLength(1);
    const kinds = (await notificationsOf(userId)).map((n) => n.kind);
    expect(kinds.filter((k) => k === 'refund_approved')).toHaveLength(1);
    const events = await t.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select('event').where('orders.order_no', '=', orderNo).where('event', '=', 'approve_refund').execute();
    expect(events).toHaveLength(1);
  });

  it('refuses when an install report commits while the refund waits for it', async () => {
    const { token, orderNo, esim } = await buyEsim();
    // An install report's transaction holds the eSIM's row (as the SM-DP+ notification does) ...
    let commit!: () => void;
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    const report = t.db.transaction().execute(async (tx) => {
      await tx.updateTable('esims').set({ activation_status: 3 }).where('id', '=', esim.id).execute();
      written();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isWritten;
    // ... while the refund starts: on PostgreSQL it waits on that row, on SQLite for the one writer.
    const refund = refundNow(token, orderNo);
    if (t.engine === 'postgres') await waitForLockWait();
    commit();
    await report;
    expect((await refund).body.code).toBe(serverErrors.instantRefundInstalled.code);
    expect((await t.call('esim', 'detail', { id: esim.id }, { token })).body.data).toMatchObject({ status: 'assigned', activationStatus: 3 });
    expect((await detail(token, orderNo)).status).toBe('delivered');
  });
});

describe('the refund period setting', () => {
  it('is the owner\'s, audited; other roles are refused; bad values refused', async () => {
    const start = (await t.call('adminSettings', 'refunds', {}, { token: owner })).body.data;
    expect(start.instantRefundDays).toBe(DEFAULT_INSTANT_REFUND_DAYS);
    const saved = await setDays(14);
    expect(saved.body).toMatchObject({ code: 0, data: { instantRefundDays: 14 } });
    const audit = await t.auditOf('settings', 'refunds');
    expect(audit.at(-1)).toMatchObject({ action: 'settings.refunds', actor: 'owner@simshop.local' });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ instantRefundDays: 14 });
    // The shop follows at once.
    const { token, orderNo } = await buyEsim();
    const shown = await detail(token, orderNo);
    expect(shown.instantRefund).toEqual({ until: shown.paidAt! + 14 * DAY });

    expect((await setDays(-1)).body.code).toBe(serverErrors.paramInvalid.code);
    expect((await setDays(366)).body.code).toBe(serverErrors.paramInvalid.code);
    // A save over a version someone else saved writes nothing.
    expect((await t.call('adminSettings', 'save_refunds', { version: start.updatedAt, instantRefundDays: 3 }, { token: owner })).body.code).toBe(serverErrors.changedBySomeoneElse.code);
    for (const role of ['operator', 'support', 'finance'] as const) {
      const staff = (await t.staffSignIn(role)).token;
      expect((await setDays(7, staff)).body.code).toBe(serverErrors.permissionDenied.code);
      expect((await t.call('adminSettings', 'refunds', {}, { token: staff })).body.code).toBe(serverErrors.permissionDenied.code);
    }
    expect((await setDays(DEFAULT_INSTANT_REFUND_DAYS)).body.code).toBe(0);
  });
});
