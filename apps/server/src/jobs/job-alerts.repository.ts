import type { Executor } from '../db/database.ts';

/** What the staff's failure alerts (modules/ops-alerts) read of the outbox, and the mark they leave. */

/** Jobs that gave up and nobody was alerted about yet, except those of `skipTopics`. */
function gaveUpUnalerted(db: Executor, skipTopics: readonly string[]) {
  let q = db.selectFrom('outbox').where('failed_at', 'is not', null).where('done_at', 'is', null).where('alerted_at', 'is', null);
  if (skipTopics.length > 0) q = q.where('topic', 'not in', skipTopics);
  return q;
}

export async function countGaveUpUnalerted(db: Executor, skipTopics: readonly string[]): Promise<number> {
  return Number((await gaveUpUnalerted(db, skipTopics).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** Marks them alerted (only the ones still unmarked: a concurrent round marks each once) and returns them, oldest failure first. */
export async function markGaveUpAlerted(db: Executor, skipTopics: readonly string[], now: number) {
  const ids = gaveUpUnalerted(db, skipTopics).select('id');
  const rows = await db
    .updateTable('outbox')
    .set({ alerted_at: now })
    .where('id', 'in', ids)
    .where('alerted_at', 'is', null)
    .returning(['id', 'topic', 'ref', 'attempts', 'last_error', 'failed_at'])
    .execute();
  return rows.sort((a, b) => Number(a.failed_at) - Number(b.failed_at) || a.id - b.id);
}

/** Open (not done) jobs of a topic created in (after, upTo], oldest first, with how many there are. */
export async function openJobsCreatedIn(db: Executor, topic: string, after: number, upTo: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'ref', 'attempts', 'last_error', 'created_at'])
    .where('topic', '=', topic)
    .where('done_at', 'is', null)
    .where('created_at', '>', after)
    .where('created_at', '<=', upTo)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
