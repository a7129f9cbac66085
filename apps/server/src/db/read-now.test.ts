import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readRows } from './read-now.ts';
import { useScratchDatabase } from './scratch-database.ts';

const openFile = useScratchDatabase('simshop-read-now-');

describe('reads answered at once on SQLite', () => {
  it('answers what Kysely answers, and sees only committed rows outside a transaction', async () => {
    const d = openFile();
    await sql`create table t (id integer primary key, v text not null)`.execute(d);
    await sql`insert into t (v) values ('a'), ('b')`.execute(d);
    const all = CompiledQuery.raw('select id, v from t order by id');
    expect(await readRows(d, all)).toEqual((await d.executeQuery(all)).rows);
    let outside: unknown[] = [];
    let inside: unknown[] = [];
    await d.transaction().execute(async (trx) => {
      await sql`insert into t (v) values ('pending')`.execute(trx);
      // The transaction reads its own write (through Kysely, on the writer it holds)...
      inside = await readRows(trx, all);
      // ...another request reading meanwhile does not (the group is not committed yet).
      outside = await readRows(d, all);
    });
    expect(inside).toHaveLength(3);
    expect(outside).toHaveLength(2);
    expect(await readRows(d, all)).toHaveLength(3);
  });

  it('leaves a write to Kysely', async () => {
    const d = openFile();
    await sql`create table t (id integer primary key, v text not null)`.execute(d);
    const insert = CompiledQuery.raw('insert into t (v) values (?) returning id', ['x']);
    expect(await readRows(d, insert)).toEqual([{ id: 1 }]);
    expect(await readRows(d, CompiledQuery.raw('select v from t'))).toEqual([{ v: 'x' }]);
  });
});
