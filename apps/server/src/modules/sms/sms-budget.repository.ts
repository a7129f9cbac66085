import type { Executor } from '../../db/database.ts';

/**
 * Counts one message against the day's budget, unless the day's count has reached it: one
 * conditional upsert, so concurrent senders (and several server processes) never pass it.
 * Inside a transaction the count rolls back with it.
 */
export async function take(db: Executor, day: string, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  const row = await db
    .insertInto('sms_budget')
    .values({ day, sent: 1 })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet((eb) => ({ sent: eb('sms_budget.sent', '+', 1) }))
        .where('sms_budget.sent', '<', budget),
    )
    .returning('sent')
    .executeTakeFirst();
  return row !== undefined;
}

export async function sentOn(db: Executor, day: string): Promise<number> {
  const row = await db.selectFrom('sms_budget').select('sent').where('day', '=', day).executeTakeFirst();
  return row ? Number(row.sent) : 0;
}
