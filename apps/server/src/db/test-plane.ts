import type { Database, Executor } from './database.ts';

/**
 * Databases that hold play data (the reseller API's sandbox), so what is issued there can say it
 * is a test's without every caller passing a flag down. A handle is known by its dialect adapter,
 * which Kysely makes once per handle and shares with the handle's transactions (as `onPostgres`
 * reads it): a service handed a transaction still finds out.
 */
const testAdapters = new WeakSet<object>();

export function markTestPlane(db: Database): void {
  testAdapters.add(db.getExecutor().adapter);
}

export const isTestPlane = (db: Executor): boolean => testAdapters.has(db.getExecutor().adapter);
