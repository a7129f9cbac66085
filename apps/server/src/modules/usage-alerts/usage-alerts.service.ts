import { WebhookEventType, type EsimUsage } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { esimsBefore } from '../esim/esim.service.ts';
import { esimPlanNow, plannedEsims } from '../esim/esim-watch.service.ts';
import type { UsageThreshold } from '../notifications/notification-types.ts';
import { notificationSettings, notify } from '../notifications/notification.service.ts';
import { emitWebhookEvent, takesAnyEvent } from '../webhooks/webhook-events.service.ts';
import { claimedThresholds, claimThreshold, dueForCheck, setNextCheck, takeForCheck } from './usage-alerts.repository.ts';
import { nextCheckAt, reachedThresholds, thresholdsToTell } from './usage-thresholds.ts';

// eSIMs delivered longer ago than this have no plan left to warn about (the longest plans run a year).
const WATCH_MS = 400 * 86_400_000;
const PAGE = 200;
// The network is asked about this many eSIMs at a time, as the eSIM list does.
const AT_ONCE = 8;
// A process that took an eSIM and died leaves it due again after this.
const LEASE_MS = 10 * 60_000;
// A customer who turned usage alerts off is looked at again after this (they may turn them on).
const ALERTS_OFF_MS = 30 * 60_000;

/** The webhook events the thresholds raise for a reseller's eSIM. */
const USAGE_EVENTS = [WebhookEventType.esimUsage75, WebhookEventType.esimUsage90, WebhookEventType.esimExpiring] as const;
const DAYS_LEFT: Record<string, number> = { days_3: 3, days_1: 1 };

/**
 * One due eSIM, taken for this process (another process taking it first skips it): its usage now,
 * the thresholds it reached, and for each one not claimed yet a claim row written in the
 * transaction that queues its message and webhook events, so a second process (or the next round)
 * finds it taken; then when to look again. An owner who turned usage alerts off and has no
 * webhook endpoint taking usage events is not asked about (the sender checks again when it
 * sends). Returns how many messages this call queued.
 */
async function checkEsim(db: Database, carrier: CarrierProvider | null, esim: { id: number; userId: number }, now: number): Promise<number> {
  if (!(await takeForCheck(db, esim.id, now, now + LEASE_MS))) return 0;
  const alertsOn = (await notificationSettings(db, esim.userId)).usageAlerts;
  // A reseller's systems may follow its eSIMs by webhook whatever its own mail settings say.
  if (!alertsOn && !(await takesAnyEvent(db, esim.userId, USAGE_EVENTS))) {
    await setNextCheck(db, esim.id, now + ALERTS_OFF_MS);
    return 0;
  }
  const plan = await esimPlanNow(db, carrier, esim, now);
  const queued = plan ? await tellReached(db, esim, plan, alertsOn, now) : 0;
  await setNextCheck(db, esim.id, nextCheckAt(plan?.usage ?? null, now));
  return queued;
}

type PlanNow = NonNullable<Awaited<ReturnType<typeof esimPlanNow>>>;

/** The eSIM's ICCID and order as a webhook names them (read only when an endpoint takes the event). */
async function webhookEsim(tx: Executor, esim: { id: number; userId: number }) {
  const [row] = await esimsBefore(tx, esim.userId, { before: esim.id + 1 }, 1, 'en');
  return row && row.id === esim.id && row.iccid ? { iccid: row.iccid, orderNo: row.orderNo } : null;
}

/**
 * The webhook events of the thresholds this round claimed, in its transaction: each data share
 * claimed is its own event (an endpoint may take only one of them), and "expiring" once for the
 * highest "days left" claimed now (reaching 3 days and 1 day between two looks says it once).
 */
async function emitReached(tx: Executor, esim: { id: number; userId: number }, usage: EsimUsage, claimed: readonly UsageThreshold[], now: number) {
  const usedPercent = usage.dataMb && usage.usedMb !== null ? Math.min(100, Math.floor((usage.usedMb * 100) / usage.dataMb)) : 0;
  const data = { data_75: WebhookEventType.esimUsage75, data_90: WebhookEventType.esimUsage90 } as const;
  for (const threshold of claimed) {
    if (threshold !== 'data_75' && threshold !== 'data_90') continue;
    await emitWebhookEvent(tx, esim.userId, data[threshold], async () => {
      const named = await webhookEsim(tx, esim);
      return named && { ...named, usedPercent };
    }, now);
  }
  const days = thresholdsToTell(claimed).find((t) => t in DAYS_LEFT);
  if (days && usage.expiresAt !== null) {
    const { expiresAt } = usage;
    await emitWebhookEvent(tx, esim.userId, WebhookEventType.esimExpiring, async () => {
      const named = await webhookEsim(tx, esim);
      return named && { ...named, expiresAt, daysLeft: DAYS_LEFT[days]! };
    }, now);
  }
}

/** The thresholds a plan reached that no round has claimed yet: claimed, the highest of each kind told, their webhook events queued. */
async function tellReached(db: Database, esim: { id: number; userId: number }, plan: PlanNow, alertsOn: boolean, now: number): Promise<number> {
  const reached = reachedThresholds(plan.usage, now);
  if (reached.length === 0) return 0;
  const claimed = await claimedThresholds(db, esim.id, plan.planKey);
  if (reached.every((t) => claimed.has(t))) return 0;
  const tell = alertsOn ? thresholdsToTell(reached) : [];
  const { usage, planKey } = plan;
  return db.transaction().execute(async (tx) => {
    let queued = 0;
    const claimedNow: UsageThreshold[] = [];
    for (const threshold of reached) {
      const told = tell.includes(threshold);
      if (!(await claimThreshold(tx, { esimId: esim.id, planKey, threshold, told, now }))) continue;
      claimedNow.push(threshold);
      if (!told) continue;
      const event = { kind: 'usage_alert' as const, userId: esim.userId, esimId: esim.id, threshold, planKey, usedMb: usage.usedMb, dataMb: usage.dataMb, expiresAt: usage.expiresAt };
      if (await notify(tx, event, now)) queued += 1;
    }
    await emitReached(tx, esim, usage, claimedNow, now);
    return queued;
  });
}

/**
 * The sweep: every owned eSIM whose plan may still run and whose next check has come, a page at a
 * time, the network asked a few at a time. Returns how many alerts it queued.
 */
export async function sweepUsageAlerts(db: Database, carrier: CarrierProvider | null, now: number): Promise<number> {
  let queued = 0;
  for (let afterId = 0; ; ) {
    const page = await plannedEsims(db, { afterId, since: now - WATCH_MS, limit: PAGE });
    if (page.length === 0) return queued;
    afterId = page.at(-1)!.id;
    const due = new Set(await dueForCheck(db, page.map((e) => e.id), now));
    const toCheck = page.filter((e) => due.has(e.id));
    for (let i = 0; i < toCheck.length; i += AT_ONCE) {
      for (const n of await Promise.all(toCheck.slice(i, i + AT_ONCE).map((esim) => checkEsim(db, carrier, esim, now)))) queued += n;
    }
  }
}
