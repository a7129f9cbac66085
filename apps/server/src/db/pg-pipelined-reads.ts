import type pg from 'pg';
import { BoundStatements, SkippedStatement, type BoundResult, type NamedStatement } from './pg-bound-statement.ts';
import { isStalePlan, type StatementNames } from './pg-named-statements.ts';

interface Read {
  text: string;
  values: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Reads outside transactions on PostgreSQL, as Kysely's driver runs them on a pooled connection,
 * with one difference: the reads asked in the same task of the event loop go out
 * together, in one write on one connection (a pipeline, pg-bound-statement.ts), and come back in
 * one exchange. Under load the coalesced reads of one turn (db/coalesced-read.ts: the session
 * lookup, a cart's lines, the catalogue's version) are sent from one task, so a turn costs one
 * round trip and one wake-up of a PostgreSQL backend instead of one each. A read asked alone runs
 * alone, as before.
 *
 * A statement PostgreSQL skipped because another of its exchange failed, or whose prepared plan
 * went stale (another process migrated), runs again on its own through `client.query`, where
 * pg-named-statements.ts renames and retries as it does for every statement.
 */
export function pipelinedReads(pool: pg.Pool, names: StatementNames): (text: string, values: readonly unknown[]) => Promise<unknown[]> {
  let pending: Read[] = [];

  function flush(): void {
    const reads = pending;
    pending = [];
    void runAll(reads);
  }

  async function runAll(reads: Read[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      for (const r of reads) r.reject(err);
      return;
    }
    try {
      const alone: Read[] = [];
      const together: { read: Read; name: string }[] = [];
      for (const read of reads) {
        const name = reads.length > 1 && read.values.length > 0 ? names.nameOf(read.text) : undefined;
        if (name === undefined) alone.push(read);
        else together.push({ read, name });
      }
      if (together.length === 1) alone.push(together.pop()!.read);
      if (together.length > 0) alone.push(...(await pipeline(client, together)));
      for (const read of alone) {
        try {
          read.resolve((await client.query(read.text, read.values as unknown[])).rows);
        } catch (err) {
          read.reject(err);
        }
      }
    } finally {
      client.release();
    }
  }

  /** Sends the reads in one exchange; answers each, and gives back those to run again on their own. */
  function pipeline(client: pg.PoolClient, reads: { read: Read; name: string }[]): Promise<Read[]> {
    const again: Read[] = [];
    let stale = false;
    const statements: NamedStatement[] = reads.map(({ read, name }) => ({
      name,
      text: read.text,
      values: read.values,
      done: (err: Error | null, result?: BoundResult) => {
        if (!err) return read.resolve(result!.rows);
        if (err instanceof SkippedStatement || isStalePlan(err)) {
          stale ||= isStalePlan(err);
          again.push(read);
        } else read.reject(err);
      },
    }));
    return new Promise((resolve) => {
      client.query(
        new BoundStatements(statements, () => {
          if (stale) names.forget();
          resolve(again);
        }) as unknown as pg.QueryConfig,
      );
    });
  }

  return (text, values) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (pending.length === 0) queueMicrotask(flush);
      pending.push({ text, values, resolve, reject });
    });
}
