import type { CompiledQuery, QueryResult } from 'kysely';

/** What runs a query: a database or a transaction (database.ts `Executor`, kept structural so this file imports nothing of ours). */
interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Answers a read itself (at once on SQLite, over a pooled connection on PostgreSQL), or null when it may not (then Kysely runs it). */
type ReadNow = (query: CompiledQuery) => unknown[] | Promise<unknown[]> | null;

const readers = new WeakMap<object, ReadNow>();

/** Registered by createDatabase: for a SQLite file, whose read connection answers synchronously, and for a PostgreSQL pool. */
export function readsNow(db: object, read: ReadNow): void {
  readers.set(db, read);
}

/**
 * The rows of a read query. On SQLite, outside a transaction, straight from the read
 * connection, which is where Kysely's driver sends such a read too (sqlite-group-commit.ts): the
 * same statement on the same connection, so the same snapshot of committed data, but without
 * Kysely's executor, whose connection handling is a chain of about eight promises per query. On
 * the hot path (the catalogue version with stock, the cart's lines, the session lookup) that
 * chain cost more than SQLite takes to answer. On PostgreSQL, straight on a connection of the pool,
 * as Kysely's driver would run it. A transaction is another object, never registered: its reads
 * go through Kysely to the connection that holds it.
 */
export async function readRows<R>(db: QueryRunner, query: CompiledQuery<R>): Promise<R[]> {
  const rows = readers.get(db)?.(query);
  return rows ? (rows as R[]) : (await db.executeQuery(query)).rows;
}
