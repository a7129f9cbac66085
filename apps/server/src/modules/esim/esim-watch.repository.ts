import type { Executor } from '../../db/database.ts';

/**
 * Owned eSIMs with a plan whose days may still run (plan facts known, not refunded or taken
 * back, delivered since `since`), by id after `afterId`: the usage alerts walk them in pages.
 */
export function plannedEsimsAfter(db: Executor, input: { afterId: number; since: number; limit: number }) {
  return db
    .selectFrom('esims')
    .select(['id', 'user_id'])
    .where('user_id', 'is not', null)
    .where('validity_days', 'is not', null)
    .where('record_status', 'not in', ['discarded', 'recycled'])
    .where('assigned_at', '>=', input.since)
    .where('id', '>', input.afterId)
    .orderBy('id')
    .limit(input.limit)
    .execute();
}
