import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Services take either, so a caller can run several of them in one transaction. */
export type Executor = Database | Tx;

// bigint columns hold epoch milliseconds and money in minor units: both fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseOptions {
  /** PostgreSQL connection string; SQLite when absent. */
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' for a throw-away database. */
  sqliteFile?: string;
  dataDir: string;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.sqliteFile ?? join(options.dataDir, 'simshop.sqlite');
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // Orders and money live here: a committed transaction must survive a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
