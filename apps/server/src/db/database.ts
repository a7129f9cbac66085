import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, type KyselyConfig, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import { namedStatementPool } from './pg-named-pool.ts';
import { GroupCommitSqliteDialect, readOnReader } from './sqlite-group-commit.ts';
import { readsNow } from './read-now.ts';
import { cachingStatements } from './sqlite-statement-cache.ts';
import { claimServerLock } from './server-lock.ts';
import { retryingTransactions } from './transaction-retry.ts';

export type Database = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Services take either, so a caller can run several of them in one transaction. */
export type Executor = Database | Tx;

/**
 * Whether `db` talks to PostgreSQL, where a round trip to the server is the cost of a statement:
 * a repository may then write two rows in one statement that SQLite, answering in
 * the process, runs as two.
 */
export const onPostgres = (db: Executor): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

// bigint columns hold epoch milliseconds and money in minor units: both fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  /** PostgreSQL connection string; SQLite when absent. */
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throw-away database. */
  sqliteFile?: string;
  dataDir: string;
  /**
   * The server process: on SQLite it claims the database file for itself, so a second server on
   * the same file is refused at start (the command line does not ask, and waits its turn instead).
   */
  server?: boolean;
  /** PostgreSQL: seconds a pooled connection is used before it is replaced (POSTGRES_CONNECTION_LIFETIME_S). */
  connectionLifetimeSeconds?: number;
  /** PostgreSQL: the schema this handle's tables live in (its connections' search_path); `public` when absent. */
  schema?: string;
}

/**
 * How long a pooled PostgreSQL connection serves before a fresh one takes its place. A named
 * statement keeps the plan PostgreSQL made on its first runs on that connection, for the table
 * sizes of that moment, until the table is next analysed (autovacuum: a minute or more later). A
 * shop's connections make theirs while its order tables are small, and a plan that scans a small
 * table was then repeated by every payment as the table grew (in a steady 30-second checkout
 * bench, 5,200 rows of `order_items` read per payment by its end; a cost that grows with the table
 * until autovacuum analyses it). A new connection prepares its statements again, on the tables as
 * they are; it also gives back what the old one's backend held (the plans of up to
 * NAMED_STATEMENTS_MAX statements, names dropped after a schema change). A connection in use is
 * never cut: it is replaced once it is back in the pool.
 */
export const POSTGRES_CONNECTION_LIFETIME_S = 15;

/**
 * Kysely whose `transaction().execute(...)` re-runs the callback when the database gave up on it
 * for a reason that goes away by itself (a deadlock, a serialization failure, a busy SQLite file).
 * The one place that retries: no call site knows. A callback is safe to re-run because
 * everything it changes is inside the transaction that was rolled back.
 */
class ShopKysely extends Kysely<DB> {
  readonly #release: () => void;

  constructor(config: KyselyConfig, release: () => void = () => {}) {
    super(config);
    this.#release = release;
  }

  override transaction() {
    return retryingTransactions(super.transaction());
  }

  override async destroy(): Promise<void> {
    try {
      await super.destroy();
    } finally {
      this.#release();
    }
  }
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const searchPath = options.schema ? { options: `-c search_path=${options.schema}` } : {};
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POSTGRES_POOL_SIZE, maxLifetimeSeconds: options.connectionLifetimeSeconds ?? POSTGRES_CONNECTION_LIFETIME_S, ...searchPath });
    // An idle connection the server dropped (a restart, a failover) must not take the process
    // down: the pool discards it, and the next query opens a new one or reports the outage.
    pool.on('error', () => {});
    // A connection in use that PostgreSQL ends (a restart, a terminated backend, a closed socket)
    // fails its query, which the caller reports, and also emits 'error' on the client: the pool
    // listens only while a client is idle, and an unheard 'error' event would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const named = namedStatementPool(pool);
    const db = new ShopKysely({ dialect: new PostgresDialect({ pool: named }) });
    pools.set(db, pool);
    readsNow(db, (query) => named.read(query.sql, query.parameters));
    return db;
  }
  const file = options.sqliteFile ?? sqliteFileIn(options.dataDir);
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const release = options.server && file !== ':memory:' ? claimServerLock(file) : () => {};
  try {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // Orders and money live here: a committed transaction must survive a power cut.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    // Writers of other processes (the CLI, a migration) are waited for rather than failed.
    sqlite.pragma('busy_timeout = 5000');
    // Each transaction of a group commit is a savepoint, and SQLite copies every page a savepoint
    // changes into a sub-journal, which beyond 64 KiB goes to a temporary file (this build's
    // default): write and read system calls on every checkout. In memory, the writer's temporary
    // storage (sub-journals, statement journals, its transactions' sorts) holds what the file held,
    // freed when the statement or savepoint ends; durability never depends on it (the WAL holds
    // every commit). It saves about a fifth of the CPU per order.
    sqlite.pragma('temp_store = memory');
    // Reads outside transactions see only what is committed (sqlite-group-commit.ts); a file's second connection.
    const reader = file === ':memory:' ? null : new SQLite(file, { readonly: true });
    reader?.pragma('busy_timeout = 5000');
    const readerStatements = reader && cachingStatements(reader);
    const db = new ShopKysely({ dialect: new GroupCommitSqliteDialect({ writer: cachingStatements(sqlite), reader: readerStatements }) }, release);
    if (readerStatements) readsNow(db, (query) => readOnReader(readerStatements, query));
    return db;
  } catch (err) {
    release();
    throw err;
  }
}

/** Connections one process keeps to PostgreSQL at most. */
export const POSTGRES_POOL_SIZE = 10;
const pools = new WeakMap<Database, pg.Pool>();

/** PostgreSQL: the connection pool's state (pg.Pool's public counts); SQLite has no pool. */
export function connectionPoolUse(db: Database): { open: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  return pool && { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POSTGRES_POOL_SIZE };
}

/** The shop's SQLite file in a data folder. */
export function sqliteFileIn(dataDir: string): string {
  return join(dataDir, 'simshop.sqlite');
}

// A handle on another schema (DatabaseOptions.schema) keeps its own migration records there.
const migratorOf = (db: Database, schema?: string) => new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });

/** The migrations this build has that the database has not run (a readiness probe asks). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  return (await migratorOf(db).getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  const { error, results } = await migratorOf(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
