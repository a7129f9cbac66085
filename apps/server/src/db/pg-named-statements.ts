import type pg from 'pg';
import { BoundStatements, SkippedStatement, type BoundResult } from './pg-bound-statement.ts';

/** Distinct SQL texts given a name; beyond it (`in` lists of every length) statements go unnamed. */
export const NAMED_STATEMENTS_MAX = 2000;

const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment|grant|revoke)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback)\s*$/i;

/** PostgreSQL's answer when a prepared `select *` meets a table another connection or process has changed since. */
export function isStalePlan(err: unknown): boolean {
  return (err as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test(String((err as { message?: unknown }).message));
}

/**
 * PostgreSQL parses and plans every unnamed statement anew; a named one is prepared once per
 * connection and then only bound and run (a checkout is about thirty statements, the
 * same thirty every time). Kysely's driver calls `client.query(sql, values)`; this gives each
 * distinct SQL text with values a name, the same on every connection of the process.
 *
 * A schema change makes a prepared `select *` invalid ("cached plan must not change result type").
 * One made here (a migration, a test's setup) renames every SQL text, so each is prepared again.
 * One made by another process (a newer server migrating) is found when a statement fails with it:
 * the names are dropped the same way, a statement outside a transaction runs again at once, and a
 * transaction fails with an error `transaction-retry.ts` runs again.
 *
 * A transaction's start is not sent on its own: it goes out in the same write as the
 * transaction's first statement (runAfterStart), and a transaction that ran nothing sends neither
 * its start nor its end.
 */
export function namingStatements(pool: pg.Pool): StatementNames {
  const names = new Map<string, string>();
  let next = 0;
  const statementNames: StatementNames = {
    nameOf(text) {
      let name = names.get(text);
      if (name === undefined && names.size < NAMED_STATEMENTS_MAX) names.set(text, (name = `simshop_${++next}`));
      return name;
    },
    forget: () => names.clear(),
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    let inTransaction = false;
    // A transaction's start not sent yet: it goes out with the transaction's first statement.
    let begin: string | null = null;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text === 'string') {
        if (SCHEMA_CHANGE.test(text)) names.clear();
        else if (TRANSACTION_START.test(text) && !hasValues(values) && callback === undefined && begin === null) {
          inTransaction = true;
          begin = text;
          return Promise.resolve(answer('BEGIN'));
        } else if (TRANSACTION_END.test(text)) {
          inTransaction = false;
          if (begin !== null && callback === undefined) {
            // Nothing ran in the transaction: there is nothing to end either.
            begin = null;
            return Promise.resolve(answer(/^\s*rollback/i.test(text) ? 'ROLLBACK' : 'COMMIT'));
          }
        } else if (hasValues(values) && callback === undefined) {
          const name = statementNames.nameOf(text);
          if (name !== undefined) {
            const started = begin;
            begin = null;
            // Refused before anything was written (a value pg cannot send): the start goes out with the next statement.
            const unsent = () => (begin ??= started);
            const ran = started === null ? BoundStatements.run(query, name, text, values) : runAfterStart(query, started, statementNames.nameOf(started), name, text, values, unsent);
            return ran.catch((err: unknown) => {
              if (!isStalePlan(err)) throw err;
              names.clear();
              if (inTransaction) throw err;
              return query(text, values);
            });
          }
        }
      }
      if (begin !== null) {
        // A statement that goes unnamed: the start goes first, on its own (the client runs its queries in order).
        const started = begin;
        begin = null;
        if (callback !== undefined) {
          void query(started).catch(() => {});
          return query(text, values, callback);
        }
        return query(started).then(() => query(text, values));
      }
      return query(text, values, callback);
    }) as typeof client.query;
  });
  return statementNames;
}

const hasValues = (values: unknown): values is unknown[] => Array.isArray(values) && values.length > 0;

/** What pg answers for a statement without rows (Kysely reads `command`, `rowCount` and `rows`). */
const answer = (command: string): BoundResult => ({ command, rowCount: null, rows: [] });

/**
 * A transaction's start and its first statement in one exchange (one round trip and one
 * wake-up of the backend fewer for every transaction). PostgreSQL runs the start, then the
 * statement; when the start fails the statement is skipped, and the start's error is the answer.
 */
function runAfterStart(
  query: (submittable: unknown) => unknown,
  start: string,
  startName: string | undefined,
  name: string,
  text: string,
  values: readonly unknown[],
  unsent: () => void,
): Promise<BoundResult> {
  if (startName === undefined) return (query(start) as Promise<unknown>).then(() => BoundStatements.run(query, name, text, values));
  return new Promise((resolve, reject) => {
    let startFailed: Error | null = null;
    const both = new BoundStatements([
      { name: startName, text: start, values: [], done: (err) => void (startFailed = err) },
      {
        name,
        text,
        values,
        done: (err, result) => {
          if (!err) return resolve(result!);
          if (!both.sent) unsent();
          // Skipped only when the start was the statement PostgreSQL refused.
          reject(err instanceof SkippedStatement && startFailed ? startFailed : err);
        },
      },
    ]);
    query(both);
  });
}

/** The names a pool's SQL texts are prepared under (namingStatements). */
export interface StatementNames {
  /** The name of this SQL text, given one if it has none; undefined beyond NAMED_STATEMENTS_MAX. */
  nameOf(text: string): string | undefined;
  /** Every SQL text gets a new name (a statement's plan went stale). */
  forget(): void;
}
