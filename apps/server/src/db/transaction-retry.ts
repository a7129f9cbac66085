import { isStalePlan } from './pg-named-pool.ts';
import type { TransactionBuilder } from 'kysely';

/** How often a transaction the database gave up on is run again before the error goes up. */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Failures that say "run me again" rather than "you are wrong": PostgreSQL's deadlock (40P01)
 * and serialization failure (40001), and SQLite's busy file once busy_timeout has run out; a
 * prepared statement another process's migration made stale (pg-named-pool.ts).
 */
export function isRetryable(err: unknown): boolean {
  if (isStalePlan(err)) return true;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  return false;
}

/** Backoff with full jitter, so transactions that collided do not collide again in step. */
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));

export async function withRetry<T>(run: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await pause(attempt);
    }
  }
}

/** The same builder, whose `execute` retries (and whose settings keep retrying). */
export function retryingTransactions<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === 'execute') return (callback: Parameters<TransactionBuilder<DB>['execute']>[0]) => withRetry(() => target.execute(callback));
      if (prop === 'setIsolationLevel' || prop === 'setAccessMode') {
        return (value: never) => retryingTransactions((target[prop] as (v: never) => TransactionBuilder<DB>).call(target, value));
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
