import type { Executor } from '../db/database.ts';

/** Takes or renews the lease when this holder has it or it ran out: true when this holder leads until `until`. */
export async function takeSchedulerLease(db: Executor, holder: string, now: number, until: number): Promise<boolean> {
  const res = await db
    .updateTable('scheduler_lease')
    .set({ holder, expires_at: until })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives the lease up (a process stopping), so the next process leads at its next round. */
export async function releaseSchedulerLease(db: Executor, holder: string): Promise<void> {
  await db.updateTable('scheduler_lease').set({ expires_at: 0 }).where('id', '=', 1).where('holder', '=', holder).execute();
}
