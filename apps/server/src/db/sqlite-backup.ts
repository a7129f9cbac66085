import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { sqliteFileIn } from './database.ts';
import { migrations } from './migrations/index.ts';
import { claimServerLock } from './server-lock.ts';

export interface BackupSummary {
  file: string;
  bytes: number;
  orders: number;
  migrations: number;
}

/**
 * A consistent copy of a live SQLite shop: `VACUUM INTO` reads the database in one read
 * transaction (everything acknowledged, the WAL included, as of one moment) while the server goes
 * on writing; SQLite's page-by-page backup API would start over at each of the server's commits
 * and might never finish under load. Copying the file alone (`cp simshop.sqlite`) misses what is
 * still in the WAL: acknowledged orders lost. The copy is checked before it is reported.
 */
export function backupSqlite(dataDir: string, target: string): BackupSummary {
  const source = sqliteFileIn(dataDir);
  if (!existsSync(source)) throw new Error(`no shop database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  return inspectBackup(target);
}

/**
 * Puts a backup in place of the shop's database. Refused while a server uses the folder (its lock
 * is held here for the time of the swap, so none starts meanwhile) and for a file that fails
 * SQLite's integrity check or comes from a newer shop. The database it replaces is kept beside it
 * (`simshop.sqlite.before-restore-<time>`); its WAL and shared-memory files are removed with it.
 */
export function restoreSqlite(dataDir: string, backup: string, now: number): BackupSummary & { previous: string | null } {
  const summary = inspectBackup(backup);
  const known = Object.keys(migrations).length;
  if (summary.migrations > known) throw new Error(`${backup} comes from a newer simshop (${summary.migrations} migrations, this one knows ${known}): upgrade first`);
  const target = sqliteFileIn(dataDir);
  const release = claimServerLock(target);
  try {
    let previous: string | null = null;
    if (existsSync(target)) {
      // Folded into one file first, so the kept copy holds everything the WAL had.
      const current = new SQLite(target, { fileMustExist: true });
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.close();
      previous = `${target}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
    copyFileSync(backup, target);
    return { ...summary, file: target, previous };
  } finally {
    release();
  }
}

/** Opens a backup read-only: integrity, how many orders and migrations it holds, its size. */
export function inspectBackup(file: string): BackupSummary {
  if (!existsSync(file)) throw new Error(`no file at ${file}`);
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Error(`${file} is not a SQLite database: ${(err as Error).message}`);
  }
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} fails SQLite's integrity check: ${String(check)}`);
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('orders') || !tables.has('kysely_migration')) throw new Error(`${file} is not a simshop database`);
    const orders = (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
    const applied = (db.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n;
    return { file, bytes: statSync(file).size, orders, migrations: applied };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(file)) throw err;
    throw new Error(`${file} is not a simshop database: ${(err as Error).message}`);
  } finally {
    db.close();
  }
}
