import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
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

/**
 * A console list's page and the number of rows its whole filter matches, read side by side from
 * one filtered query: `page` selects, orders and slices the rows; the count takes the filter alone.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, object>, page: (q: SelectQueryBuilder<DB, TB, object>) => Promise<O[]>): Promise<{ rows: O[]; total: number }> {
  // Over a generic table Kysely cannot name the selected count, so the helper states its type (PostgreSQL's count is a bigint string).
  const count = filtered.select((eb) => eb.fn.countAll().as('n')).$castTo<{ n: number | string | bigint }>();
  const [rows, { n }] = await Promise.all([page(filtered), count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(n) };
}

/** The window of rows a console page asks for (pages count from 1). */
export function pageWindow(page: { page: number; pageSize: number }): { offset: number; limit: number } {
  return { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
}

/** A page read from its repository as the contract's items; the total stays as counted. */
export function pageItems<R, T>(read: { rows: R[]; total: number }, item: (row: R) => T): { items: T[]; total: number } {
  return { items: read.rows.map(item), total: read.total };
}
