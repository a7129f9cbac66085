import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';

/** Distinct SQL texts given a name; beyond it (`in` lists of every length) statements go unnamed. */
export const NAMED_STATEMENTS_MAX = 2000;

const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment|grant|revoke)\b/i;
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback)\s*$/i;

/** PostgreSQL's answer when a prepared `select *` meets a table another connection or process has changed since. */
export function isStalePlan(err: unknown): boolean {
  return (err as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test(String((err as { message?: unknown }).message));
}

/** The name of each SQL text, the same on every connection of the pool. */
class StatementNames {
  readonly #names = new Map<string, string>();
  #next = 0;

  /** The name of this SQL text, given one if it has none; undefined beyond NAMED_STATEMENTS_MAX. */
  nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < NAMED_STATEMENTS_MAX) this.#names.set(text, (name = `simshop_${++this.#next}`));
    return name;
  }

  /** Every SQL text gets a new name, so each is prepared again (a plan went stale, or the schema changed). */
  forget(): void {
    this.#names.clear();
  }
}

/** A pooled connection as Kysely's PostgreSQL driver uses it, running each statement with values as a named statement. */
class NamingClient implements PostgresPoolClient {
  #inTransaction = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {}

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never) as PostgresCursor<R>;
    return this.#run<R>(sqlOrCursor, parameters);
  }

  async #run<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    const values = [...parameters];
    if (SCHEMA_CHANGE.test(text)) this.names.forget();
    else if (TRANSACTION_START.test(text)) this.#inTransaction = true;
    else if (TRANSACTION_END.test(text)) this.#inTransaction = false;
    const name = values.length > 0 ? this.names.nameOf(text) : undefined;
    if (name === undefined) return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
    try {
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (err) {
      // A value pg could not send: pg closes the statement on the connection but still counts it
      // as prepared there, so its name must not be used again.
      if (!(err instanceof pg.DatabaseError)) this.names.forget();
      if (!isStalePlan(err)) throw err;
      this.names.forget();
      // Inside a transaction the error goes up and transaction-retry.ts runs the transaction again.
      if (this.#inTransaction) throw err;
      return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
    }
  }

  release(): void {
    this.client.release();
  }
}

/**
 * The pool given to Kysely's PostgresDialect (its public `PostgresPool` interface over pg's public
 * Pool): every SQL text with values runs as one of pg's named statements (`{ name, text, values }`),
 * so each connection parses and plans it once and then only binds and runs it (a checkout is about
 * thirty statements, the same thirty every time). pg keeps which names a connection has prepared.
 *
 * A schema change makes a prepared `select *` invalid ("cached plan must not change result type").
 * One made here (a migration, a test's setup) renames every SQL text, so each is prepared again.
 * One made by another process (a newer server migrating) is found when a statement fails with it:
 * the names are dropped the same way, a statement outside a transaction runs again at once, and a
 * transaction fails with an error `transaction-retry.ts` runs again.
 */
export function namedStatementPool(pool: pg.Pool): PostgresPool & { read(text: string, values: readonly unknown[]): Promise<unknown[]> } {
  const names = new StatementNames();
  const connect = async () => new NamingClient(await pool.connect(), names);
  return {
    connect,
    end: () => pool.end(),
    /** A read outside a transaction on a connection of the pool, as Kysely's driver would run it, without its executor. */
    async read(text, values) {
      const client = await connect();
      try {
        return (await client.query<unknown>(text, values)).rows;
      } finally {
        client.release();
      }
    },
  };
}
