import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { sqliteFileIn } from './database.ts';
import { migrations } from './migrations/index.ts';
import { claimServerLock } from './server-lock.ts';
import { RESTORE_ID_GAP, SAME_JOB, SHOP_MARKS, type KeptSends } from './restore-rules.ts';

export { RESTORE_ID_GAP, type KeptSends };

export interface BackupSummary {
  file: string;
  bytes: number;
  orders: number;
  migrations: number;
}

/**
 * The niceness `npm run admin -- backup` runs at: the copy takes a core for a few seconds, and on a
 * small machine the server's checkouts should get the CPU first (bench/results/backup.md).
 */
export const BACKUP_NICENESS = 10;

/** Pages a backup step copies: all of them, so the copy is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a live SQLite shop by SQLite's online backup API (better-sqlite3's
 * `backup()`) in one step: every page is read in one read transaction (everything acknowledged,
 * the WAL included, as of one moment) while the server goes on writing (in WAL mode a reader
 * holds no writer up). In steps of a few pages, as the API goes by default, it starts over at
 * each of the server's commits and did not finish in a minute of checkouts; `VACUUM INTO`, also
 * one read transaction, rebuilds every table and index for the same copy and held checkouts up
 * no less (bench/results/backup.md). Copying the file alone (`cp simshop.sqlite`) misses what is still
 * in the WAL: acknowledged orders lost. The copy is made one self-contained file (no WAL) and
 * checked before it is reported.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<BackupSummary> {
  const source = sqliteFileIn(dataDir);
  if (!existsSync(source)) throw new Error(`no shop database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  try {
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(target, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const copy = new SQLite(target, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  } catch (err) {
    // No half-written copy is left to be taken for a backup.
    for (const file of [target, `${target}-wal`, `${target}-shm`, `${target}-journal`]) rmSync(file, { force: true });
    throw err;
  }
  return inspectBackup(target);
}

/**
 * Puts a backup in place of the shop's database. Refused while a server uses the folder (its lock
 * is held here for the time of the swap, so none starts meanwhile) and for a file that fails
 * SQLite's integrity check or comes from a newer shop. The backup is staged beside the database,
 * the sends recorded by the database it replaces are carried into it (keepSends), and only then
 * swapped in. The replaced database is kept beside it (`simshop.sqlite.before-restore-<time>`);
 * its WAL goes with it. `sendTopics`: the outbox topics whose whole work is a message (done in
 * the replaced database, they are done in the restored one).
 */
export function restoreSqlite(dataDir: string, backup: string, now: number, sendTopics: readonly string[]): BackupSummary & { previous: string | null; kept: KeptSends } {
  const summary = inspectBackup(backup);
  const known = Object.keys(migrations).length;
  if (summary.migrations > known) throw new Error(`${backup} comes from a newer simshop (${summary.migrations} migrations, this one knows ${known}): upgrade first`);
  const target = sqliteFileIn(dataDir);
  const release = claimServerLock(target);
  try {
    const staged = `${target}.restoring`;
    rmSync(staged, { force: true });
    copyFileSync(backup, staged);
    let previous: string | null = null;
    let kept: KeptSends;
    if (existsSync(target)) {
      try {
        // Folded into one file first, so what the WAL had is read and the kept copy holds it.
        const current = new SQLite(target, { fileMustExist: true });
        try {
          current.pragma('wal_checkpoint(TRUNCATE)');
        } finally {
          current.close();
        }
        kept = keepSends(staged, target, sendTopics);
      } catch (err) {
        // A damaged database (often why one restores) is kept as it is; nothing is carried from it.
        kept = { ...keepSends(staged, null, sendTopics), unreadable: (err as Error).message };
      }
      previous = `${target}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
      if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${previous}-wal`);
    } else {
      kept = keepSends(staged, null, sendTopics);
    }
    rmSync(`${target}-shm`, { force: true });
    renameSync(staged, target);
    return { ...summary, file: target, previous, kept };
  } finally {
    release();
  }
}

/**
 * Carries into the staged copy, in one transaction, what the replaced database (`previous`, read
 * only, attached) sent after the backup: the rules of restore-rules.ts.
 */
function keepSends(staged: string, previous: string | null, sendTopics: readonly string[]): KeptSends {
  const db = new SQLite(staged, { fileMustExist: true });
  const kept: KeptSends = { sameShop: false, jobsDone: 0, notificationsSent: 0, sendRecords: 0 };
  try {
    if (previous) db.prepare('ATTACH DATABASE ? AS old').run(previous);
    const has = (schema: 'main' | 'old', table: string) => db.prepare(`select 1 from ${schema}.sqlite_master where type = 'table' and name = ?`).get(table) !== undefined;
    kept.sameShop = previous !== null && has('old', 'orders') && has('old', 'outbox') && sameShop(db);
    db.transaction(() => {
      if (!kept.sameShop) {
        // Nothing to carry; ids jump ahead of whatever the lost database had used.
        const autoincrement = (db.prepare("select name from main.sqlite_master where type = 'table' and sql like '%autoincrement%'").all() as { name: string }[]).map((t) => t.name);
        const insert = db.prepare('insert into main.sqlite_sequence (name, seq) select ?, 0 where not exists (select 1 from main.sqlite_sequence where name = ?)');
        for (const name of autoincrement) insert.run(name, name);
        db.prepare('update main.sqlite_sequence set seq = seq + ?').run(RESTORE_ID_GAP);
        return;
      }
      db.exec(`create temp table matched as
        select m.id, o.done_at, o.attempts from main.outbox m join old.outbox o
          on ${SAME_JOB.map((c) => `o.${c} = m.${c}`).join(' and ')}
        where m.done_at is null`);
      if (has('old', 'job_side_effects') && has('main', 'job_side_effects')) {
        kept.sendRecords = db.prepare('insert or ignore into main.job_side_effects (key, job_id, created_at) select s.key, s.job_id, s.created_at from old.job_side_effects s join temp.matched t on t.id = s.job_id').run().changes;
      }
      // The tries the replaced database made count: a re-run is not a first run and looks for its sends.
      db.prepare('update main.outbox set attempts = t.attempts from temp.matched t where t.id = outbox.id and t.attempts > outbox.attempts').run();
      kept.jobsDone = db
        .prepare(`update main.outbox set done_at = t.done_at, locked_until = null, lease_token = null, last_error = null from temp.matched t where t.id = outbox.id and t.done_at is not null and outbox.topic in (${sendTopics.map(() => '?').join(', ')})`)
        .run(...sendTopics).changes;
      if (has('old', 'notifications') && has('main', 'notifications')) {
        kept.notificationsSent =
          db.prepare('update main.notifications set sent_at = o.sent_at, channel = o.channel from old.notifications o where o.id = notifications.id and o.dedupe_key = notifications.dedupe_key and notifications.sent_at is null and o.sent_at is not null').run().changes +
          db
            .prepare(`insert or ignore into main.notifications (id, dedupe_key, user_id, kind, payload, channel, sent_at, skipped, created_at)
              select o.id, o.dedupe_key, o.user_id, o.kind, o.payload, o.channel, o.sent_at, null, o.created_at from old.notifications o
              where o.sent_at is not null and o.user_id in (select id from main.users) and not exists (select 1 from main.notifications n where n.dedupe_key = o.dedupe_key)`)
            .run().changes;
      }
      if (has('old', 'sms_budget') && has('main', 'sms_budget')) {
        db.prepare('insert into main.sms_budget (day, sent) select day, sent from old.sms_budget where true on conflict (day) do update set sent = max(sent, excluded.sent)').run();
      }
      db.prepare('update main.sqlite_sequence set seq = o.seq from old.sqlite_sequence o where o.name = sqlite_sequence.name and o.seq > sqlite_sequence.seq').run();
      db.prepare("insert into main.sqlite_sequence (name, seq) select o.name, o.seq from old.sqlite_sequence o where o.name not in (select name from main.sqlite_sequence) and o.name in (select name from main.sqlite_master where type = 'table')").run();
    })();
    return kept;
  } finally {
    db.close();
  }
}

/** Whether the attached `old` database continues the backup's shop (restore-rules.ts: SHOP_MARKS). */
function sameShop(db: SQLite.Database): boolean {
  for (const { table, columns } of SHOP_MARKS) {
    const mark = db.prepare(`select ${columns.join(', ')} from main.${table} order by id desc limit 1`).get() as Record<string, unknown> | undefined;
    if (mark) return db.prepare(`select 1 from old.${table} where ${columns.map((c) => `${c} = ?`).join(' and ')}`).get(...columns.map((c) => mark[c])) !== undefined;
  }
  return false;
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
