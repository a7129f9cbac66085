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

/** A data add-on as the usage counts it: its data (MB; null: unlimited) and days. */
export interface AddonFacts {
  dataMb: number | null;
  validityDays: number;
}

/**
 * The plan with its delivered add-ons on top (the queue rule, ESIM_ADDON_RULE): their data adds
 * to the allowance (unlimited if any is), their days to the validity, so the end date moves.
 */
export function withAddons(plan: PlanFacts, addons: readonly AddonFacts[]): PlanFacts {
  const unlimited = plan.dataMb === null || addons.some((a) => a.dataMb === null);
  return {
    dataMb: unlimited ? null : addons.reduce((sum, a) => sum + (a.dataMb ?? 0), plan.dataMb ?? 0),
    validityDays: addons.reduce((sum, a) => sum + a.validityDays, plan.validityDays),
    validityStarts: plan.validityStarts,
  };
}

export interface QueuedPackage extends AddonFacts {
  kind: 'plan' | 'addon';
  name: string;
  boughtAt: number | null;
  /** False: paid, the carrier has not taken it yet. */
  delivered: boolean;
}

/**
 * The eSIM's packages in the order they are used, with where each stands and its predicted
 * dates. The data runs out in order: a package starts when the data before it is used up and
 * ends when its own is, or at the eSIM's end. Those moments are predicted from the average use
 * per day so far; they are unknown (null) before the start or while the network is silent.
 * `usage` is the one worked out with every delivered add-on (withAddons).
 */
export function packageQueue(packages: readonly QueuedPackage[], usage: EsimUsage, now: number) {
  const start = usage.startedAt;
  const end = usage.expiresAt;
  const used = usage.usedMb;
  const elapsed = start === null ? 0 : now - start;
  const perMs = used !== null && used > 0 && elapsed > 0 ? used / elapsed : null;
  const at = (mb: number) => (start === null || perMs === null || !Number.isFinite(mb) ? null : Math.round(start + mb / perMs));
  const capped = (t: number | null) => (t === null ? end : end === null ? t : Math.min(t, end));
  let before = 0;
  return packages.map((p) => {
    const base = { kind: p.kind, name: p.name, dataMb: p.dataMb, validityDays: p.validityDays, boughtAt: p.boughtAt };
    if (!p.delivered) return { ...base, state: 'being-added' as const, startsAt: null, endsAt: null };
    const from = before;
    const to = p.dataMb === null ? Number.POSITIVE_INFINITY : from + p.dataMb;
    before = to;
    const startsAt = from === 0 ? start : at(from);
    const reached = startsAt !== null && (end === null || startsAt < end) ? startsAt : null;
    const endsAt = reached === null && from > 0 ? null : start === null ? null : capped(at(to));
    let state: 'used' | 'in-use' | 'waiting' | 'lost';
    if (used !== null && used >= to) state = 'used';
    else if (usage.state === 'expired') state = 'lost';
    else if (start !== null && (from === 0 || (used !== null && used >= from))) state = 'in-use';
    else state = 'waiting';
    return { ...base, state, startsAt: from === 0 ? start : reached, endsAt };
  });
}
