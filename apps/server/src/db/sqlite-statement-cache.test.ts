import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from './sqlite-statement-cache.ts';

describe('SQLite statement cache', () => {
  it('prepares a statement once per SQL and keeps at most its size', () => {
    const db = cachingStatements(new SQLite(':memory:'), 2);
    const a = db.prepare('select 1 as n');
    expect(db.prepare('select 1 as n')).toBe(a);
    db.prepare('select 2 as n');
    // 'select 1' is used again after 'select 2', so 'select 3' pushes out 'select 2', the least recently used.
    db.prepare('select 1 as n');
    db.prepare('select 3 as n');
    expect(db.cached).toBe(2);
    expect(db.prepare('select 1 as n')).toBe(a);
    db.close();
  });

  it('answers from the current schema after a migration changed a table under a cached statement', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw);
    raw.exec('create table t (a integer)');
    raw.exec('insert into t values (1)');
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    raw.exec('alter table t add column b text');
    raw.exec("update t set b = 'x'");
    expect(db.prepare('select * from t').all([])).toEqual([{ a: 1, b: 'x' }]);
    db.close();
  });

  it('gives a statement that is still iterating a fresh copy instead of failing', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw);
    raw.exec('create table t (a integer); insert into t values (1), (2)');
    const outer = db.prepare('select a from t') as unknown as { iterate(p: unknown[]): Iterable<{ a: number }> };
    const seen: number[] = [];
    for (const row of outer.iterate([])) seen.push(row.a, ...(db.prepare('select a from t').all([]) as Array<{ a: number }>).map((r) => r.a));
    expect(seen).toEqual([1, 1, 2, 2, 1, 2]);
    db.close();
  });
});
