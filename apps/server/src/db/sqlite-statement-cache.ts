import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct statements stay prepared; `in (?, ?, …)` lists of every length make the set open-ended. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare` for every query it runs, and preparing (parsing and
 * planning the SQL) costs more than running most of our queries. The driver only sees this
 * wrapper: the same SQL gets the same prepared statement back, the least recently used one
 * is dropped beyond STATEMENT_CACHE_SIZE. SQLite re-prepares a cached statement by itself when
 * the schema changed under it (a migration), so a cached statement never runs stale SQL.
 */
export function cachingStatements(db: SqliteDatabase, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase & { readonly cached: number; readonly inTransaction: boolean } {
  const cache = new Map<string, Statement>();
  return {
    get cached() {
      return cache.size;
    },
    get inTransaction() {
      return db.inTransaction;
    },
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (stmt) {
        // Refresh its place in the LRU order (a Map iterates in insertion order).
        cache.delete(sql);
        // A statement still iterating (a streamed query) cannot run again: give this caller its own.
        if (stmt.busy) return db.prepare(sql) as unknown as SqliteStatement;
      } else {
        stmt = db.prepare(sql);
      }
      cache.set(sql, stmt);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return stmt as unknown as SqliteStatement;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
