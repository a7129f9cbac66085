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
