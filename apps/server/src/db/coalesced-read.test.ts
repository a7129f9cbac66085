import { PostgresAdapter, SqliteAdapter, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { coalescedRead, inKeyList, keyList } from './coalesced-read.ts';
import type { Executor } from './database.ts';
import { useScratchDatabase } from './scratch-database.ts';

/** A database handle as far as coalescedRead looks at one: PostgreSQL's unless told otherwise. */
const handle = (isTransaction = false, adapter: object = new PostgresAdapter()) => ({ isTransaction, getExecutor: () => ({ adapter }) }) as unknown as Executor;

/** A read whose batches are answered by the test: each batch's keys, and a way to answer or fail it. */
function controlledRead() {
  const batches: { keys: readonly number[]; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const read = coalescedRead(
    (_db: Executor, keys: readonly number[]) =>
      new Promise<string>((resolve, reject) => {
        batches.push({ keys, answer: resolve, fail: reject });
      }),
  );
  return { read, batches };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRead', () => {
  it('sends one batch for the requests that ask in the same turn, with all their keys, and answers each', async () => {
    const { read, batches } = controlledRead();
    const db = handle();
    const a = read(db, [1, 2]);
    const b = read(db, [2, 3]);
    expect(batches).toHaveLength(0);
    await turn();
    expect(batches.map((x) => x.keys)).toEqual([[1, 2, 3]]);
    batches[0]!.answer('first');
    expect(await Promise.all([a, b])).toEqual(['first', 'first']);
  });

  it('never answers a request with a batch sent before it asked: it waits for the next one', async () => {
    const { read, batches } = controlledRead();
    const db = handle();
    const early = read(db, [1]);
    await turn();
    expect(batches).toHaveLength(1);
    // Asked while the first batch is out (another process may have committed since it was sent).
    const late = read(db, [2]);
    const later = read(db, [3]);
    await turn();
    expect(batches).toHaveLength(1);
    batches[0]!.answer('sent before');
    expect(await early).toBe('sent before');
    // Asked in the turn after the answer came: it joins the batch still gathering, which goes a turn later.
    const after = read(db, [4]);
    await turn();
    expect(batches).toHaveLength(1);
    await turn();
    await turn();
    expect(batches.map((x) => x.keys)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.answer('sent after');
    expect(await Promise.all([late, later, after])).toEqual(['sent after', 'sent after', 'sent after']);
  });

  it('on SQLite sends the next batch as soon as the last one returns, as there is no round trip to gather over', async () => {
    const { read, batches } = controlledRead();
    const db = handle(false, new SqliteAdapter());
    const first = read(db, [1]);
    await turn();
    const second = read(db, [2]);
    batches[0]!.answer('one');
    expect(await first).toBe('one');
    await Promise.resolve();
    expect(batches.map((x) => x.keys)).toEqual([[1], [2]]);
    batches[1]!.answer('two');
    expect(await second).toBe('two');
  });

  it("sends the batches of different reads due in the same turn from one task, so PostgreSQL gets them in one exchange", async () => {
    const db = handle();
    let microtaskRan = false;
    let seenBySecond: boolean | undefined;
    const first = coalescedRead(async (_db: Executor, keys: readonly number[]) => {
      queueMicrotask(() => (microtaskRan = true));
      return keys.length;
    });
    const second = coalescedRead(async (_db: Executor, keys: readonly string[]) => {
      seenBySecond = microtaskRan;
      return keys.join();
    });
    expect(await Promise.all([first(db, [1, 2]), second(db, ['a'])])).toEqual([2, 'a']);
    // The second ran before any microtask the first queued: the same task.
    expect(seenBySecond).toBe(false);
  });

  it('fails only the members of a failed batch; the next batch is still sent', async () => {
    const { read, batches } = controlledRead();
    const db = handle();
    const failed = read(db, [1]);
    await turn();
    const next = read(db, [2]);
    batches[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    await turn();
    await turn();
    expect(batches).toHaveLength(2);
    batches[1]!.answer('fine');
    expect(await next).toBe('fine');
  });

  it('keeps the batches of two database handles apart', async () => {
    const { read, batches } = controlledRead();
    const one = read(handle(), [1]);
    const two = read(handle(), [2]);
    await turn();
    expect(batches.map((x) => x.keys)).toEqual([[1], [2]]);
    batches[0]!.answer('one');
    batches[1]!.answer('two');
    expect(await Promise.all([one, two])).toEqual(['one', 'two']);
  });

  it('runs at once, alone, inside a transaction', async () => {
    const { read, batches } = controlledRead();
    const tx = handle(true);
    const inTx = read(tx, [7]);
    expect(batches.map((x) => x.keys)).toEqual([[7]]);
    batches[0]!.answer('in the transaction');
    expect(await inTx).toBe('in the transaction');
  });
});

describe('keyList and inKeyList', () => {
  const openFile = useScratchDatabase('simshop-coalesced-');

  it('match a column against a list of integers or hex strings on SQLite, whatever its length', async () => {
    const d = openFile();
    await sql`create table t (id integer primary key, h text not null)`.execute(d);
    await sql`insert into t (id, h) values (1, 'a1'), (2, 'b2'), (3, 'c3')`.execute(d);
    const ids = async (keys: readonly number[]) => (await sql<{ id: number }>`select id from t where ${inKeyList(d, 't.id', keyList(d, keys), 'integer')} order by id`.execute(d)).rows.map((r) => r.id);
    expect(await ids([])).toEqual([]);
    expect(await ids([3, 1, 9])).toEqual([1, 3]);
    const byHash = await sql<{ id: number }>`select id from t where ${inKeyList(d, 't.h', keyList(d, ['b2', 'c3']), 'text')} order by id`.execute(d);
    expect(byHash.rows.map((r) => r.id)).toEqual([2, 3]);
    // Nothing that would need quoting in either form gets in.
    for (const bad of ['a,b', 'a"', '}', '', 1.5]) expect(() => keyList(d, [bad])).toThrow('not a plain key');
  });
});
