import type { Executor } from '../../db/database.ts';

/** Claims one threshold of one plan: true only for the call that wrote the row (one across processes). */
export async function claimThreshold(db: Executor, row: { esimId: number; planKey: string; threshold: string; told: boolean; now: number }): Promise<boolean> {
  const inserted = await db
    .insertInto('esim_usage_alerts')
    .values({ esim_id: row.esimId, plan_key: row.planKey, threshold: row.threshold, told: row.told ? 1 : 0, created_at: row.now })
    .onConflict((oc) => oc.columns(['esim_id', 'plan_key', 'threshold']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The thresholds of a plan already claimed (skips a transaction when nothing is new). */
export async function claimedThresholds(db: Executor, esimId: number, planKey: string): Promise<Set<string>> {
  const rows = await db.selectFrom('esim_usage_alerts').select('threshold').where('esim_id', '=', esimId).where('plan_key', '=', planKey).execute();
  return new Set(rows.map((r) => r.threshold));
}

/** Of these eSIMs, the ones the sweep may ask about now: never looked at, or their time has come. */
export async function dueForCheck(db: Executor, esimIds: readonly number[], now: number): Promise<number[]> {
  if (esimIds.length === 0) return [];
  const rows = await db.selectFrom('esim_usage_checks').select(['esim_id', 'next_check_at']).where('esim_id', 'in', esimIds).execute();
  const next = new Map(rows.map((r) => [r.esim_id, Number(r.next_check_at)]));
  return esimIds.filter((id) => (next.get(id) ?? now) <= now);
}

/**
 * Takes a due eSIM for this process: moves its next check to `leaseUntil` only if it is (still)
 * due, in one statement. True for the one caller that moved it; a process that dies holding it
 * leaves it due again at `leaseUntil`.
 */
export async function takeForCheck(db: Executor, esimId: number, now: number, leaseUntil: number): Promise<boolean> {
  const taken = await db
    .insertInto('esim_usage_checks')
    .values({ esim_id: esimId, next_check_at: leaseUntil })
    .onConflict((oc) => oc.column('esim_id').doUpdateSet({ next_check_at: leaseUntil }).where('esim_usage_checks.next_check_at', '<=', now))
    .returning('esim_id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** When the eSIM is next looked at. */
export async function setNextCheck(db: Executor, esimId: number, at: number): Promise<void> {
  await db.updateTable('esim_usage_checks').set({ next_check_at: at }).where('esim_id', '=', esimId).execute();
}
