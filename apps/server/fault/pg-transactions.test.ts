import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { freshPostgres } from './server-process.ts';

/** Transactions on PostgreSQL through the named-statement pool (db/pg-named-pool.ts): what they wrote, what they undo, the level they ask for. */
describe('transactions on PostgreSQL', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  async function open(name: string) {
    const url = await freshPostgres(name);
    db = createDatabase({ databaseUrl: url, dataDir: mkdtempSync(join(tmpdir(), 'simshop-start-')) });
    await sql`create table t (id int primary key, v text)`.execute(db);
    // Every statement below is prepared once before the transactions run.
    await db.connection().execute(async (conn) => {
      await sql`insert into t values (${0}, ${'warm'})`.execute(conn);
      await sql`select v from t where id = ${0}`.execute(conn);
      await sql`delete from t where id = ${0}`.execute(conn);
    });
    return { db };
  }

  it('commits what the transaction wrote, and an empty one does nothing', async () => {
    const { db } = await open('start_one');
    await db.connection().execute(async (conn) => {
      const result = await conn.transaction().execute(async (tx) => {
        await sql`insert into t values (${1}, ${'a'})`.execute(tx);
        return (await sql<{ v: string }>`select v from t where id = ${1}`.execute(tx)).rows;
      });
      expect(result).toEqual([{ v: 'a' }]);
      expect(await conn.transaction().execute(async () => 'nothing')).toBe('nothing');
    });
    expect((await sql<{ v: string }>`select v from t order by id`.execute(db)).rows).toEqual([{ v: 'a' }]);
  });

  it('undoes the first statement when a later one fails, and the connection goes on', async () => {
    const { db } = await open('start_fail');
    await db.connection().execute(async (conn) => {
      await expect(
        conn.transaction().execute(async (tx) => {
          await sql`insert into t values (${1}, ${'a'})`.execute(tx);
          await sql`insert into t values (${1}, ${'again'})`.execute(tx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      // The first statement itself refused: its transaction is rolled back.
      await sql`insert into t values (${2}, ${'b'})`.execute(conn);
      await expect(conn.transaction().execute(async (tx) => sql`insert into t values (${2}, ${'again'})`.execute(tx))).rejects.toMatchObject({ code: '23505' });
      await conn.transaction().execute(async (tx) => sql`insert into t values (${3}, ${'c'})`.execute(tx));
    });
    expect((await sql<{ id: number }>`select id from t order by id`.execute(db)).rows).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('starts the transaction before a statement that goes unnamed, and a thrown callback rolls it back', async () => {
    const { db } = await open('start_unnamed');
    await expect(
      db.transaction().execute(async (tx) => {
        // No values: pg's own query runs it, after the start.
        await sql`insert into t values (4, 'd')`.execute(tx);
        expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(tx)).rows).toEqual([{ n: 1 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await sql`select id from t`.execute(db)).rows).toEqual([]);
  });

  it('keeps the transaction for the next statement when the first had a value pg cannot send', async () => {
    const { db } = await open('start_unsendable');
    const unsendable = { toPostgres: () => { throw new Error('cannot send'); } };
    await expect(
      db.transaction().execute(async (tx) => {
        // Refused before anything is written: the transaction goes on.
        await expect(sql`insert into t values (${5}, ${unsendable})`.execute(tx)).rejects.toThrow('cannot send');
        await sql`insert into t values (${6}, ${'f'})`.execute(tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    // Had the second insert run outside the transaction, it would be here.
    expect((await sql`select id from t`.execute(db)).rows).toEqual([]);
  });

  it('keeps the isolation level a transaction asks for', async () => {
    const { db } = await open('start_level');
    const level = await db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (tx) => (await sql<{ level: string }>`select current_setting(${'transaction_isolation'}) as level`.execute(tx)).rows[0]!.level);
    expect(level).toBe('serializable');
    const plain = await db.transaction().execute(async (tx) => (await sql<{ level: string }>`select current_setting(${'transaction_isolation'}) as level`.execute(tx)).rows[0]!.level);
    expect(plain).toBe('read committed');
  });
});
