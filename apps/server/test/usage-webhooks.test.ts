import { Role } from '@simshop/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduledJobs } from '../src/background-jobs.ts';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';
import { useWebhookReceiver } from './webhook-receiver.ts';

/**
 * Usage and expiry webhooks: the usage-alert sweep finds a reseller's eSIM at 75 % and 90 % of its
 * data and near its end, and the reseller's endpoint hears of each threshold once, signed so the
 * Standard Webhooks reference library verifies it, whatever the reseller's own mail settings.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;
const EID = '89049032004008882600012345678956';

const t = useTestApp();
const receiver = useWebhookReceiver();
let smdp = '';
beforeAll(async () => {
  smdp = await t.listen();
});

async function sweepAt(at: number) {
  await runScheduledJobs(t.db, at, t.providers);
  await drainOutbox(t.db, t.outboxHandlers, undefined, at);
}

/** A reseller with an endpoint taking the usage events, and one of its eSIMs installed. */
async function resellerWithEsim() {
  const r = await t.signIn(Role.reseller);
  const hook = receiver.hook();
  const made = await t.call('webhook', 'create', { url: hook.url, events: ['esim.usage_75', 'esim.usage_90', 'esim.expiring'] }, { token: r.token });
  expect(made.body.code).toBe(0);
  const orderNo = await t.buy(r.token, 'ESIM-GLOBAL-3', 1);
  const [esim] = (await t.call('esim', 'list', {}, { token: r.token })).body.data.items;
  const res = await fetch(`${smdp}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim!.activationCode, eid: EID }) });
  expect(res.status).toBe(200);
  const iccid = (await t.db.selectFrom('esims').select('iccid').where('id', '=', esim!.id).executeTakeFirstOrThrow()).iccid!;
  return { ...r, esim: esim!, iccid, orderNo, hook, secret: made.body.data.secret };
}

async function makeUsedShare(token: string, esimId: number, share: number) {
  const used = (await t.call('esim', 'detail', { id: esimId }, { token })).body.data.usage!.usedMb!;
  await sql`update esims set data_mb = ${Math.round(used / share)} where id = ${esimId}`.execute(t.db);
}

describe('usage and expiry webhooks', () => {
  it('tells a reseller’s endpoint of 75 %, 90 % and each "ending soon" once, with the eSIM’s ICCID and order', async () => {
    const r = await resellerWithEsim();
    const events = () => receiver.verified(r.hook.path, r.secret);
    await makeUsedShare(r.token, r.esim.id, 0.8);
    await Promise.all([sweepAt(Date.now()), sweepAt(Date.now())]);
    await sweepAt(Date.now());
    expect(events()).toMatchObject([{ type: 'esim.usage_75', data: { iccid: r.iccid, orderNo: r.orderNo, usedPercent: expect.toSatisfy((p: number) => p >= 75 && p < 90) } }]);

    await makeUsedShare(r.token, r.esim.id, 0.95);
    const later = Date.now() + 6 * MINUTE;
    await sweepAt(later);
    await sweepAt(later);
    expect(events().map((e) => e.type)).toEqual(['esim.usage_75', 'esim.usage_90']);
    // The simulator counts on as time passes: about 95 %.
    expect(events()[1]!.data).toMatchObject({ iccid: r.iccid, usedPercent: expect.toSatisfy((p: number) => p >= 90 && p <= 100) });

    const { startedAt, expiresAt } = (await t.call('esim', 'detail', { id: r.esim.id }, { token: r.token })).body.data.usage!;
    await sweepAt(startedAt! + 13 * DAY);
    await sweepAt(startedAt! + 13 * DAY + MINUTE);
    await sweepAt(startedAt! + 14 * DAY + 3_600_000);
    await sweepAt(startedAt! + 16 * DAY);
    expect(events().slice(2)).toMatchObject([
      { type: 'esim.expiring', data: { iccid: r.iccid, orderNo: r.orderNo, expiresAt, daysLeft: 3 } },
      { type: 'esim.expiring', data: { iccid: r.iccid, expiresAt, daysLeft: 1 } },
    ]);
    expect(events()).toHaveLength(4);
  });

  it('reaching 75 % and 90 % between two looks sends both events (an endpoint may take one only), and the mail says 90 % once', async () => {
    const r = await resellerWithEsim();
    await makeUsedShare(r.token, r.esim.id, 0.97);
    await sweepAt(Date.now());
    expect(receiver.verified(r.hook.path, r.secret).map((e) => e.type)).toEqual(['esim.usage_75', 'esim.usage_90']);
    const mails = await t.db.selectFrom('notifications').select('kind').where('user_id', '=', r.userId).where('kind', '=', 'usage_alert').execute();
    expect(mails).toHaveLength(1);
  });

  it('a reseller with usage mails off still gets the webhooks, and no alert message is queued', async () => {
    const r = await resellerWithEsim();
    expect((await t.call('user', 'set_notifications', { usageAlerts: false }, { token: r.token })).body.data.usageAlerts).toBe(false);
    await makeUsedShare(r.token, r.esim.id, 0.8);
    await sweepAt(Date.now());
    expect(receiver.verified(r.hook.path, r.secret)).toMatchObject([{ type: 'esim.usage_75', data: { iccid: r.iccid } }]);
    expect(await t.db.selectFrom('notifications').select('kind').where('user_id', '=', r.userId).where('kind', '=', 'usage_alert').execute()).toEqual([]);
  });

  it('an endpoint that takes other events only is sent nothing', async () => {
    const r = await resellerWithEsim();
    const other = receiver.hook();
    const made = await t.call('webhook', 'create', { url: other.url, events: ['order.completed'] }, { token: r.token });
    await makeUsedShare(r.token, r.esim.id, 0.8);
    await sweepAt(Date.now());
    expect(receiver.verified(other.path, made.body.data.secret).filter((e) => e.type.startsWith('esim.'))).toEqual([]);
    expect(receiver.verified(r.hook.path, r.secret)).toHaveLength(1);
  });
});
