import type { EsimUsage } from '@simshop/contract';
import type { UsageThreshold } from '../notifications/notification-types.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The alert thresholds a plan has reached now, lowest first in each kind: 75 % and 90 % of its
 * data used (a plan with a limit, the network having answered), 3 days and 1 day before its end
 * (a plan that started, counted in hours: "1 day" is the last 24 hours). A plan shorter than a
 * threshold never reaches it (a 1-day plan is not "ending soon" when it starts). An expired plan
 * reaches nothing: it is over.
 */
export function reachedThresholds(usage: EsimUsage, now: number): UsageThreshold[] {
  if (usage.state === 'expired' || usage.state === 'unknown') return [];
  const reached: UsageThreshold[] = [];
  if (usage.dataMb !== null && usage.dataMb > 0 && usage.usedMb !== null) {
    const share = usage.usedMb / usage.dataMb;
    if (share >= 0.75) reached.push('data_75');
    if (share >= 0.9) reached.push('data_90');
  }
  if (usage.expiresAt !== null && now < usage.expiresAt) {
    const left = usage.expiresAt - now;
    if (usage.validityDays > 3 && left <= 3 * DAY_MS) reached.push('days_3');
    if (usage.validityDays > 1 && left <= DAY_MS) reached.push('days_1');
  }
  return reached;
}

/**
 * Of the thresholds reached, the ones worth a message: the highest of each kind. Reaching 75 %
 * and 90 % between two looks says "90 %" once, not both; the lower one is claimed unsaid.
 */
export function thresholdsToTell(reached: readonly UsageThreshold[]): UsageThreshold[] {
  const data = reached.includes('data_90') ? 'data_90' : reached.includes('data_75') ? 'data_75' : null;
  const days = reached.includes('days_1') ? 'days_1' : reached.includes('days_3') ? 'days_3' : null;
  return [data, days].filter((t): t is UsageThreshold => t !== null);
}

/**
 * When the sweep should next ask the network about a plan, from how close it is to its next
 * threshold: sooner as the data used nears 75 % and 90 % (half an hour below half, then ten,
 * then five minutes), and exactly when the next "days left" threshold starts. A plan that has
 * nothing left to reach is looked at again a day later (an add-on bought meanwhile makes a new
 * plan); `null` usage (no plan to count, or not the owner's) likewise. Never sooner than a
 * minute, the sweep's round.
 */
export function nextCheckAt(usage: EsimUsage | null, now: number): number {
  if (usage === null || usage.state === 'expired') return now + DAY_MS;
  // The network did not answer: ask again soon.
  if (usage.state === 'unknown' || (usage.dataMb !== null && usage.usedMb === null)) return now + 15 * MINUTE_MS;
  const candidates: number[] = [now + DAY_MS];
  if (usage.dataMb !== null && usage.dataMb > 0 && usage.usedMb !== null) {
    const share = usage.usedMb / usage.dataMb;
    if (share < 0.5) candidates.push(now + 30 * MINUTE_MS);
    else if (share < 0.75) candidates.push(now + 10 * MINUTE_MS);
    else if (share < 0.9) candidates.push(now + 5 * MINUTE_MS);
  }
  if (usage.expiresAt !== null && now < usage.expiresAt) {
    if (usage.validityDays > 3) candidates.push(usage.expiresAt - 3 * DAY_MS);
    if (usage.validityDays > 1) candidates.push(usage.expiresAt - DAY_MS);
  }
  return Math.max(now + MINUTE_MS, Math.min(...candidates.filter((at) => at > now)));
}
