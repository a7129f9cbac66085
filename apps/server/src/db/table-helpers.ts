import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Executor } from './database.ts';
import type { DB } from './schema.ts';

/** The tables whose rows carry an optimistic-lock `version` (content the console edits). */
export type VersionedTable = { [T in keyof DB]: DB[T] extends { id: unknown; version: unknown } ? T : never }[keyof DB];

// Kysely types queries per table; over a generic table its builders lose the columns, so the
// shared helpers below talk to it through one untyped view and type their answers themselves.
const untyped = (db: Executor) => db as unknown as Kysely<Record<string, { id: number; version: number }>>;

/**
 * Updates a row only while it is still at `version`, and moves it to the next version; the new
 * row, or undefined when someone else saved it meanwhile (the console's "changed by someone else").
 */
export async function updateAtVersion<T extends VersionedTable>(db: Executor, table: T, id: number, version: number, changes: Updateable<DB[T]>): Promise<Selectable<DB[T]> | undefined> {
  const row = await untyped(db)
    .updateTable(table as string)
    .set({ ...(changes as object), version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

/** How many rows a table holds. */
export async function countRows(db: Executor, table: keyof DB): Promise<number> {
  const row = await untyped(db).selectFrom(table as string).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
