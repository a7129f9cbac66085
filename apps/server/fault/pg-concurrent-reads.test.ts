import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { readRows } from '../src/db/read-now.ts';
import { freshPostgres } from './server-process.ts';

/**
 * Reads asked in the same task run at the same time on the pool's connections as named statements
 * (db/pg-named-pool.ts). Each must get its own rows; one refused must not take the others with it;
 * a plan made stale by another process is prepared again.
 */
let url: string;
let db: Database;
let other: Database;
const read = <R>(query: { compile(db: Database): CompiledQuery<R> }) => readRows(db, query.compile(db));

beforeAll(async () => {
  url = await freshPostgres('pipelined');
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-pipelined-'));
  db = createDatabase({ databaseUrl: url, dataDir });
  other = createDatabase({ databaseUrl: url, dataDir });
  await sql`create table p (id int primary key, v text)`.execute(other);
  await sql`insert into p select g, 'v' || g from generate_series(1, 20) g`.execute(other);
});
afterAll(async () => {
  await other.destroy();
  await db.destroy();
});

describe('concurrent reads on PostgreSQL', () => {
  it('answers each read of a task with its own rows', async () => {
    const rows = await Promise.all([1, 2, 3, 4, 5].map((id) => read(sql<{ id: number; v: string }>`select id, v from p where id = ${id}`)));
    expect(rows).toEqual([1, 2, 3, 4, 5].map((id) => [{ id, v: `v${id}` }]));
  });

  it('fails only the read PostgreSQL refused; the others are answered', async () => {
    const answers = await Promise.allSettled([
      read(sql<{ id: number }>`select id from p where id = ${6}`),
      read(sql<{ q: number }>`select 1 / ${0}::int as q`),
      read(sql<{ id: number }>`select id from p where id = ${7}`),
    ]);
    expect(answers[0]).toEqual({ status: 'fulfilled', value: [{ id: 6 }] });
    expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(answers[2]).toEqual({ status: 'fulfilled', value: [{ id: 7 }] });
    // The same statements again: the connections go on.
    expect(await Promise.all([read(sql<{ id: number }>`select id from p where id = ${8}`), read(sql<{ id: number }>`select id from p where id = ${9}`)])).toEqual([[{ id: 8 }], [{ id: 9 }]]);
  });

  it('prepares again what another process made stale, and answers with the new shape', async () => {
    const both = () => Promise.all([read(sql<Record<string, unknown>>`select * from p where id = ${1}`), read(sql<Record<string, unknown>>`select * from p where id = ${2}`)]);
    expect(await both()).toEqual([[{ id: 1, v: 'v1' }], [{ id: 2, v: 'v2' }]]);
    await sql`alter table p add column w int default 5`.execute(other);
    expect(await both()).toEqual([[{ id: 1, v: 'v1', w: 5 }], [{ id: 2, v: 'v2', w: 5 }]]);
    expect(await both()).toEqual([[{ id: 1, v: 'v1', w: 5 }], [{ id: 2, v: 'v2', w: 5 }]]);
  });
});
