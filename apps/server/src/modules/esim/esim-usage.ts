import { VALIDITY_STARTS, type EsimUsage, type TravelPlan } from '@simshop/contract';
import type { DataUsage } from '../../providers/carrier.ts';

const DAY_MS = 86_400_000;

/** What was bought: the SKU's allowance and days, and the product's rule for when the days start, as they were at the sale. */
export interface PlanFacts {
  /** MB; null: unlimited. */
  dataMb: number | null;
  validityDays: number;
  validityStarts: TravelPlan['validityStarts'];
}

const isValidityStart = (v: string | null): v is TravelPlan['validityStarts'] => (VALIDITY_STARTS as readonly string[]).includes(v ?? '');

/**
 * The plan facts an eSIM was sold with (its copy of its SKU's days and data and its product's
 * start rule, migration 0031), or null when any is missing (no days to count).
 */
export function planFactsOf(esim: { data_mb: number | null; validity_days: number | null; validity_starts: string | null }): PlanFacts | null {
  if (esim.validity_days === null || esim.validity_days <= 0 || !isValidityStart(esim.validity_starts)) return null;
  return { dataMb: esim.data_mb !== null && esim.data_mb > 0 ? esim.data_mb : null, validityDays: esim.validity_days, validityStarts: esim.validity_starts };
}

export interface UsageInputs {
  plan: PlanFacts;
  /** When the eSIM was delivered to its owner (the purchase, for a plan that starts then). */
  deliveredAt: number | null;
  /** The first install the SM-DP+ reported; null when none was (pool profiles are never reported). */
  installedAt: number | null;
  /** The network's answer; null when it could not be asked or did not answer. */
  network: DataUsage | null;
  now: number;
}

const earliest = (...times: Array<number | null | undefined>) => {
  const known = times.filter((t): t is number => typeof t === 'number');
  return known.length ? Math.min(...known) : null;
};

/** When the days started: the purchase, the install or the first connection, as the product says. */
function startOf(i: UsageInputs): number | null {
  const attach = i.network?.firstAttachAt ?? null;
  switch (i.plan.validityStarts) {
    case 'purchase':
      return i.deliveredAt ?? attach;
    case 'install':
      // A phone that connected had installed it, whether or not its SM-DP+ told us.
      return earliest(i.installedAt, attach);
    case 'first-connection':
      return attach;
  }
}

/**
 * Data left and days left. A plan of N days runs N × 24 hours from its start: one
 * instant for the whole world, so crossing time zones never moves the end. Days left counts a
 * part day as a day ("1 day left" until the last hour). Before the start the whole allowance and
 * validity are left; a start or a use that only the network knows is unknown while it is silent.
 */
export function planUsage(i: UsageInputs): EsimUsage {
  const { plan, network, now } = i;
  const startedAt = startOf(i);
  const usedMb = network ? Math.max(0, Math.floor(network.usedMb)) : null;
  const leftMb = plan.dataMb !== null && usedMb !== null ? Math.max(0, plan.dataMb - usedMb) : null;
  const base = { dataMb: plan.dataMb, validityDays: plan.validityDays, validityStarts: plan.validityStarts, usedMb, leftMb, checkedAt: now };
  if (startedAt === null) {
    // "Not started" is a fact only when the network answered: a silent one may have seen a connection.
    const known = network !== null;
    return { ...base, startedAt: null, expiresAt: null, daysLeft: known ? plan.validityDays : null, state: known ? 'not-started' : 'unknown' };
  }
  const expiresAt = startedAt + plan.validityDays * DAY_MS;
  if (now >= expiresAt) return { ...base, startedAt, expiresAt, daysLeft: 0, state: 'expired' };
  return { ...base, startedAt, expiresAt, daysLeft: Math.ceil((expiresAt - now) / DAY_MS), state: leftMb === 0 ? 'used-up' : 'active' };
}
