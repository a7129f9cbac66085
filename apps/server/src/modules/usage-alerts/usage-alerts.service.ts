import type { Database } from '../../db/database.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { esimPlanNow, plannedEsims } from '../esim/esim-watch.service.ts';
import { notificationSettings, notify } from '../notifications/notification.service.ts';
import { claimedThresholds, claimThreshold } from './usage-alerts.repository.ts';
import { reachedThresholds, thresholdsToTell } from './usage-thresholds.ts';

// eSIMs delivered longer ago than this have no plan left to warn about (the longest plans run a year).
const WATCH_MS = 400 * 86_400_000;
const PAGE = 200;
// The network is asked about this many eSIMs at a time, as the eSIM list does.
const AT_ONCE = 8;

/**
 * One eSIM: its usage now, the thresholds it reached, and for each one not claimed yet a claim
 * row written in the transaction that queues its message, so a second process (or the next
 * round) finds it taken. A customer who turned usage alerts off is not looked at (the sender
 * checks again when it sends). Returns how many messages this call queued.
 */
async function checkEsim(db: Database, carrier: CarrierProvider | null, esim: { id: number; userId: number }, now: number): Promise<number> {
  if (!(await notificationSettings(db, esim.userId)).usageAlerts) return 0;
  const plan = await esimPlanNow(db, carrier, esim, now);
  if (!plan) return 0;
  const reached = reachedThresholds(plan.usage, now);
  if (reached.length === 0) return 0;
  const claimed = await claimedThresholds(db, esim.id, plan.planKey);
  if (reached.every((t) => claimed.has(t))) return 0;
  const tell = thresholdsToTell(reached);
  const { usage, planKey } = plan;
  return db.transaction().execute(async (tx) => {
    let queued = 0;
    for (const threshold of reached) {
      const told = tell.includes(threshold);
      if (!(await claimThreshold(tx, { esimId: esim.id, planKey, threshold, told, now }))) continue;
      if (!told) continue;
      const event = { kind: 'usage_alert' as const, userId: esim.userId, esimId: esim.id, threshold, planKey, usedMb: usage.usedMb, dataMb: usage.dataMb, expiresAt: usage.expiresAt };
      if (await notify(tx, event, now)) queued += 1;
    }
    return queued;
  });
}

/**
 * The sweep: every owned eSIM whose plan may still run, a page at a time, the network asked a
 * few at a time. Returns how many alerts it queued.
 */
export async function sweepUsageAlerts(db: Database, carrier: CarrierProvider | null, now: number): Promise<number> {
  let queued = 0;
  for (let afterId = 0; ; ) {
    const page = await plannedEsims(db, { afterId, since: now - WATCH_MS, limit: PAGE });
    if (page.length === 0) return queued;
    afterId = page.at(-1)!.id;
    for (let i = 0; i < page.length; i += AT_ONCE) {
      for (const n of await Promise.all(page.slice(i, i + AT_ONCE).map((esim) => checkEsim(db, carrier, esim, now)))) queued += n;
    }
  }
}
