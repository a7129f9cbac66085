import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { freshPostgres } from './server-process.ts';

describe('named statements on PostgreSQL', () => {
  it('prepares a statement once per connection and prepares it again after a schema change', async () => {
    const db = createDatabase({ databaseUrl: await freshPostgres('named'), dataDir: mkdtempSync(join(tmpdir(), 'simshop-named-')) });
    try {
      await sql`create table t (id int primary key, v text)`.execute(db);
      await sql`insert into t values (1, 'a')`.execute(db);
      // One connection, so its prepared statements can be listed with the same client.
      await db.connection().execute(async (conn) => {
        const read = () => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(conn);
        expect((await read()).rows).toEqual([{ id: 1, v: 'a' }]);
        expect((await read()).rows).toEqual([{ id: 1, v: 'a' }]);
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like ${'select * from t where%'}`.execute(conn);
        expect(prepared.rows).toHaveLength(1);
        // The plan of `select *` no longer fits the table: run again, it must see the new column, not fail.
        await sql`alter table t add column w int default 7`.execute(conn);
        expect((await read()).rows).toEqual([{ id: 1, v: 'a', w: 7 }]);
      });
    } finally {
      await db.destroy();
    }
  });

  it('recovers when another process changed the schema under a prepared statement, in and out of transactions', async () => {
    const url = await freshPostgres('named_other');
    const dataDir = mkdtempSync(join(tmpdir(), 'simshop-named-'));
    const db = createDatabase({ databaseUrl: url, dataDir });
    const other = createDatabase({ databaseUrl: url, dataDir });
    try {
      await sql`create table t (id int primary key, v text)`.execute(db);
      await sql`insert into t values (1, 'a')`.execute(db);
      const read = (executor: typeof db) => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(executor);
      // Every connection of the pool prepares it.
      await Promise.all(Array.from({ length: 12 }, () => read(db)));
      await sql`alter table t add column w int default 7`.execute(other);
      expect((await read(db)).rows).toEqual([{ id: 1, v: 'a', w: 7 }]);
      // Prepared again everywhere under its new name, then made stale once more: now inside a transaction.
      await Promise.all(Array.from({ length: 12 }, () => read(db)));
      await sql`alter table t add column x int default 8`.execute(other);
      const inTransaction = await db.transaction().execute(async (trx) => (await read(trx)).rows);
      expect(inTransaction).toEqual([{ id: 1, v: 'a', w: 7, x: 8 }]);
    } finally {
      await other.destroy();
      await db.destroy();
    }
  });

  it('reads every type as pg itself does, and keeps the connection usable after a refused statement or value', async () => {
    const db = createDatabase({ databaseUrl: await freshPostgres('named_bound'), dataDir: mkdtempSync(join(tmpdir(), 'simshop-named-')) });
    try {
      await sql`create table b (id bigint primary key, n int, t text, j jsonb, f boolean, d numeric(10,2), at timestamptz)`.execute(db);
      await db.connection().execute(async (conn) => {
        const insert = (id: number, t: string | null) => sql`insert into b values (${id}, ${id * 2}, ${t}, ${JSON.stringify({ id })}, ${id % 2 === 0}, ${'1.50'}, ${new Date(Date.UTC(2026, 0, id))})`.execute(conn);
        // Kysely's numAffectedRows comes from the command's row count.
        expect((await insert(1, 'one')).numAffectedRows).toBe(1n);
        expect((await insert(2, null)).numAffectedRows).toBe(1n);
        const named = () => sql<Record<string, unknown>>`select * from b where id >= ${1} order by id`.execute(conn);
        // The same statement unnamed (no values).
        const plain = async () => (await sql<Record<string, unknown>>`select * from b where id >= 1 order by id`.execute(conn)).rows;
        expect(await plain()).toHaveLength(2);
        // The first run prepares it, later runs only bind and run it: the same rows each time.
        expect((await named()).rows).toEqual(await plain());
        expect((await named()).rows).toEqual(await plain());
        expect((await sql`update b set n = n + ${1} where id > ${0}`.execute(conn)).numAffectedRows).toBe(2n);
        expect((await sql<{ n: number }>`select n from b where id = ${2}`.execute(conn)).rows).toEqual([{ n: 5 }]);
        // A row PostgreSQL refuses: its error, then the connection answers the next statement.
        await expect(insert(1, 'again')).rejects.toMatchObject({ code: '23505' });
        // A value pg cannot send: refused before anything is written, and the connection goes on.
        const unsendable = { toPostgres: () => { throw new Error('cannot send'); } };
        await expect(sql`select * from b where t = ${unsendable}`.execute(conn)).rejects.toThrow('cannot send');
        expect((await named()).rows).toEqual(await plain());
        // An empty answer still has its command and count.
        const none = await sql`delete from b where id = ${99}`.execute(conn);
        expect(none.numAffectedRows).toBe(0n);
      });
    } finally {
      await db.destroy();
    }
  });
});
