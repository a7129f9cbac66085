import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Executor } from './database.ts';
import { preparedQuery } from './prepared-query.ts';

interface DB {
  t: { id: number; v: string; at: number | null };
}

const sessionsLike = preparedQuery((db, v: { v: string; after: number; limit: number }) =>
  (db as unknown as Kysely<DB>).selectFrom('t').select(['id', 'v']).where('v', '=', v.v).where('at', '>', v.after).orderBy('id').limit(v.limit),
);

describe('prepared queries', () => {
  it('runs with each call’s values and answers as the query built every time would', async () => {
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('t').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('v', 'text').addColumn('at', 'integer').execute();
    await db.insertInto('t').values([{ id: 1, v: 'a', at: 10 }, { id: 2, v: 'a', at: 20 }, { id: 3, v: 'b', at: 30 }, { id: 4, v: 'a', at: 40 }]).execute();
    const exec = db as unknown as Executor;
    for (const values of [{ v: 'a', after: 15, limit: 1 }, { v: 'a', after: 0, limit: 10 }, { v: 'b', after: 0, limit: 10 }, { v: 'c', after: 0, limit: 10 }]) {
      const fresh = await db.selectFrom('t').select(['id', 'v']).where('v', '=', values.v).where('at', '>', values.after).orderBy('id').limit(values.limit).execute();
      expect(await sessionsLike.execute(exec, values)).toEqual(fresh);
    }
    expect(await sessionsLike.takeFirst(exec, { v: 'a', after: 15, limit: 5 })).toEqual({ id: 2, v: 'a' });
    // Inside a transaction the same compiled query serves.
    await db.transaction().execute(async (trx) => expect(await sessionsLike.execute(trx as unknown as Executor, { v: 'b', after: 0, limit: 1 })).toEqual([{ id: 3, v: 'b' }]));
    await db.destroy();
  });

  it('compiles a list, the rows of an insert and the columns of a set once per length and keys', async () => {
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('t').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('v', 'text').addColumn('at', 'integer').execute();
    const exec = db as unknown as Executor;
    const k = (e: Executor) => e as unknown as Kysely<DB>;
    const insert = preparedQuery((e, v: { rows: Array<{ id: number; v: string; at?: number | undefined }> }) => k(e).insertInto('t').values(v.rows).returningAll());
    const byIds = preparedQuery((e, v: { ids: number[] }) => k(e).selectFrom('t').selectAll().where('id', 'in', v.ids).orderBy('id'));
    const change = preparedQuery((e, v: { id: number; changes: { v?: string; at?: number } }) => k(e).updateTable('t').set({ ...v.changes }).where('id', '=', v.id));
    expect(await insert.execute(exec, { rows: [{ id: 1, v: 'a', at: 1 }] })).toEqual([{ id: 1, v: 'a', at: 1 }]);
    expect(await insert.execute(exec, { rows: [{ id: 2, v: 'b', at: 2 }, { id: 3, v: 'c', at: 3 }] })).toEqual([{ id: 2, v: 'b', at: 2 }, { id: 3, v: 'c', at: 3 }]);
    // A row without `at` is another shape: the column is left to its default, as Kysely leaves it.
    expect(await insert.execute(exec, { rows: [{ id: 4, v: 'd', at: undefined }] })).toEqual([{ id: 4, v: 'd', at: null }]);
    expect(insert.compiled(exec, { rows: [{ id: 5, v: 'e' }] }).sql).toBe('insert into "t" ("id", "v") values (?, ?) returning *');
    expect((await byIds.execute(exec, { ids: [3, 1] })).map((r) => r.id)).toEqual([1, 3]);
    expect((await byIds.execute(exec, { ids: [2] })).map((r) => r.id)).toEqual([2]);
    expect((await byIds.execute(exec, { ids: [4, 2, 1] })).map((r) => r.id)).toEqual([1, 2, 4]);
    await change.result(exec, { id: 1, changes: { v: 'z' } });
    await change.result(exec, { id: 2, changes: { at: 20, v: undefined } });
    await change.result(exec, { id: 3, changes: { v: 'y', at: 30 } });
    expect(await db.selectFrom('t').selectAll().where('id', '<=', 3).orderBy('id').execute()).toEqual([{ id: 1, v: 'z', at: 1 }, { id: 2, v: 'b', at: 20 }, { id: 3, v: 'y', at: 30 }]);
    await db.destroy();
  });

  it('compiles once per dialect: SQLite and PostgreSQL each get their own SQL', () => {
    const sqlite = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Executor;
    // Compiling needs no connection: a pool that is never asked.
    const postgres = new Kysely<DB>({ dialect: new PostgresDialect({ pool: {} as never }) }) as unknown as Executor;
    const values = { v: 'x', after: 5, limit: 2 };
    expect(sessionsLike.compiled(sqlite, values)).toEqual({ sql: 'select "id", "v" from "t" where "v" = ? and "at" > ? order by "id" limit ?', parameters: ['x', 5, 2] });
    expect(sessionsLike.compiled(postgres, values)).toEqual({ sql: 'select "id", "v" from "t" where "v" = $1 and "at" > $2 order by "id" limit $3', parameters: ['x', 5, 2] });
  });

  it('refuses a builder whose SQL depends on a value', () => {
    const sqlite = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) }) as unknown as Executor;
    const k = (e: Executor) => e as unknown as Kysely<DB>;
    // Branches on a value: with placeholders the branch is always the same one.
    const branching = preparedQuery((e, v: { v: string }) => (v.v === 'all' ? k(e).selectFrom('t').select('id') : k(e).selectFrom('t').select('id').where('v', '=', v.v)));
    expect(() => branching.compiled(sqlite, { v: 'all' })).toThrow(/depends on a value/);
    // A value written into the SQL instead of sent as a parameter.
    const raw = preparedQuery((e, v: { n: number }) => k(e).selectFrom('t').select('id').where(sql<boolean>`id > ${sql.raw(String(v.n))}`));
    expect(() => raw.compiled(sqlite, { n: 5 })).toThrow(/depends on a value/);
    expect(sessionsLike.compiled(sqlite, { v: 'x', after: 1, limit: 1 }).sql).toContain('limit ?');
  });
});
