import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect, TURN_BUDGET_MS, type GroupWriter } from './sqlite-group-commit.ts';

interface DB {
  t: { id: number; v: string };
}

/** A file database as the server opens it, whose writer counts its COMMITs and can be told to fail the next one. */
function open() {
  const file = join(mkdtempSync(join(tmpdir(), 'simshop-group-')), 'g.sqlite');
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.exec('create table t (id integer primary key, v text not null unique)');
  const counts = { commits: 0, failNextCommit: false };
  const writer: GroupWriter = {
    get inTransaction() {
      return raw.inTransaction;
    },
    close: () => raw.close(),
    prepare: (text: string) => {
      if (text === 'commit') {
        counts.commits++;
        if (counts.failNextCommit) {
          counts.failNextCommit = false;
          // What an I/O error at COMMIT looks like to the caller.
          return { reader: false, run: () => { throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }); } } as never;
        }
      }
      return raw.prepare(text) as never;
    },
  };
  const reader = new SQLite(file, { readonly: true }) as unknown as SqliteDatabase;
  const db = new Kysely<DB>({ dialect: new GroupCommitSqliteDialect({ writer, reader }) });
  // What another process (or a fresh connection) would find on disk.
  const onDisk = () => (new SQLite(file, { readonly: true }).prepare('select v from t order by v').all() as Array<{ v: string }>).map((r) => r.v);
  return { db, counts, onDisk, raw };
}

const insert = (db: Kysely<DB>, v: string) => db.insertInto('t').values({ v } as never).execute();

describe('SQLite group commit', () => {
  let opened: ReturnType<typeof open> | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    opened = undefined;
  });

  it('commits transactions that overlap once, and answers each only when its rows are on disk', async () => {
    opened = open();
    const { db, counts, onDisk } = opened;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, `a${i}`);
          await insert(trx, `b${i}`);
          return onDisk().length;
        }),
      ),
    );
    // Inside its transaction nothing of the group is on disk yet: the COMMIT comes after all of them.
    expect(results.every((n) => n === 0)).toBe(true);
    expect(onDisk()).toHaveLength(20);
    expect(counts.commits).toBeLessThan(10);
  });

  it('rolls back only the transaction that failed, not the others of its group', async () => {
    opened = open();
    const { db, onDisk } = opened;
    const outcomes = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 'x')),
      db.transaction().execute(async (trx) => {
        await insert(trx, 'lost');
        await insert(trx, 'x'); // unique: fails, and takes 'lost' with it
      }),
      db.transaction().execute((trx) => insert(trx, 'y')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(onDisk()).toEqual(['x', 'y']);
  });

  it('fails every member of a group whose COMMIT failed, and keeps none of their rows', async () => {
    opened = open();
    const { db, counts, onDisk } = opened;
    counts.failNextCommit = true;
    const outcomes = await Promise.allSettled([db.transaction().execute((trx) => insert(trx, 'p')), db.transaction().execute((trx) => insert(trx, 'q')), insert(db, 'r')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(onDisk()).toEqual([]);
    // The next write starts a group of its own and lands.
    await db.transaction().execute((trx) => insert(trx, 's'));
    expect(onDisk()).toEqual(['s']);
  });

  it('reads outside a transaction see only what is committed, and a plain write is answered once on disk', async () => {
    opened = open();
    const { db, onDisk } = opened;
    let seenDuring: number | undefined;
    await Promise.all([
      db.transaction().execute(async (trx) => {
        await insert(trx, 'pending');
        // Another request reading while this group waits for its COMMIT.
        seenDuring = (await db.selectFrom('t').selectAll().execute()).length;
      }),
    ]);
    expect(seenDuring).toBe(0);
    await insert(db, 'plain');
    expect(onDisk()).toEqual(['pending', 'plain']);
    expect((await db.selectFrom('t').select('v').orderBy('v').execute()).map((r) => r.v)).toEqual(['pending', 'plain']);
  });

  it('gives the event loop a turn between transactions once a turn of TURN_BUDGET_MS is spent', async () => {
    opened = open();
    const { db, onDisk } = opened;
    let started = 0;
    let startedWhenTimerRan: number | undefined;
    // Stands for the poll phase (accepting a connection, reading a request) that must not wait for the whole queue.
    setTimeout(() => (startedWhenTimerRan = started), 0);
    const count = Math.ceil(TURN_BUDGET_MS) * 8;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        db.transaction().execute(async (trx) => {
          started++;
          await insert(trx, `t${i}`);
          // A transaction that keeps the thread for 1 ms, as a checkout's statements do.
          const until = performance.now() + 1;
          while (performance.now() < until);
        }),
      ),
    );
    expect(startedWhenTimerRan).toBeLessThan(count);
    expect(onDisk()).toHaveLength(count);
  });

  it('tells each caller the truth when a full disk makes SQLite roll the whole group back, and works again once there is room', async () => {
    opened = open();
    const { db, onDisk, raw } = opened;
    // Room for a few more pages only: a row of 3 KB takes a page, and its index entry more; a
    // group of several transactions overflows it in the middle of one of them.
    const pages = Number(raw.pragma('page_count', { simple: true }));
    raw.pragma(`max_page_count = ${pages + 14}`);
    const big = (tag: string) => `${tag}:${'x'.repeat(3000)}`;
    const tags = ['a', 'b', 'c', 'd', 'e', 'f'];
    const outcomes = await Promise.allSettled(
      tags.map((tag) =>
        db.transaction().execute(async (trx) => {
          await insert(trx, big(`${tag}1`));
          await insert(trx, big(`${tag}2`));
        }),
      ),
    );
    const stored = new Set(onDisk().map((v) => v.split(':')[0]));
    // Fulfilled exactly when both of its rows are on disk; rejected with none of them.
    tags.forEach((tag, i) => {
      const both = stored.has(`${tag}1`) && stored.has(`${tag}2`);
      const none = !stored.has(`${tag}1`) && !stored.has(`${tag}2`);
      expect(outcomes[i]!.status === 'fulfilled' ? both : none, `${tag}: ${outcomes[i]!.status}, on disk ${[...stored].join(',')}`).toBe(true);
    });
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.length).toBeGreaterThan(0);
    // The caller hears the disk's own error, never a follow-up such as "no such savepoint".
    for (const r of refusals) expect(String((r.reason as Error).message)).not.toMatch(/savepoint|no transaction/i);
    expect(refusals.some((r) => (r.reason as { code?: string }).code === 'SQLITE_FULL')).toBe(true);
    // The transactions after the lost group started a new one and landed.
    expect(outcomes.some((o) => o.status === 'fulfilled')).toBe(true);

    // Space is back: the next transactions land.
    raw.pragma('max_page_count = 1073741823');
    await Promise.all(['g', 'h'].map((tag) => db.transaction().execute((trx) => insert(trx, big(tag)))));
    expect(onDisk().map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['g', 'h']));
  });
});
