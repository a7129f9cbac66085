import type pg from 'pg';
import { BoundStatements } from './pg-bound-statement.ts';

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
 * connection and then only bound and run (issue 12: a checkout is about thirty statements, the
 * same thirty every time). Kysely's driver calls `client.query(sql, values)`; this gives each
 * distinct SQL text with values a name, the same on every connection of the process.
 *
 * A schema change makes a prepared `select *` invalid ("cached plan must not change result type").
 * One made here (a migration, a test's setup) renames every SQL text, so each is prepared again.
 * One made by another process (a newer server migrating) is found when a statement fails with it:
 * the names are dropped the same way, a statement outside a transaction runs again at once, and a
 * transaction fails with an error `transaction-retry.ts` runs again.
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
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text === 'string') {
        if (SCHEMA_CHANGE.test(text)) names.clear();
        else if (TRANSACTION_START.test(text)) inTransaction = true;
        else if (TRANSACTION_END.test(text)) inTransaction = false;
        else if (Array.isArray(values) && values.length > 0 && callback === undefined) {
          const name = statementNames.nameOf(text);
          if (name !== undefined) {
            return BoundStatements.run(query, name, text, values).catch((err: unknown) => {
              if (!isStalePlan(err)) throw err;
              names.clear();
              if (inTransaction) throw err;
              return query(text, values);
            });
          }
        }
      }
      return query(text, values, callback);
    }) as typeof client.query;
  });
  return statementNames;
}

/** The names a pool's SQL texts are prepared under (namingStatements). */
export interface StatementNames {
  /** The name of this SQL text, given one if it has none; undefined beyond NAMED_STATEMENTS_MAX. */
  nameOf(text: string): string | undefined;
  /** Every SQL text gets a new name (a statement's plan went stale). */
  forget(): void;
}
