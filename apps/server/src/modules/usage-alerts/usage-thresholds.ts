import type { EsimUsage } from '@simshop/contract';
import type { UsageThreshold } from '../notifications/notification-types.ts';

const DAY_MS = 86_400_000;

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
