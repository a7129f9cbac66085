import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { RESTORE_ID_GAP, SAME_JOB, SHOP_MARKS, type KeptSends } from './restore-rules.ts';

/**
 * The PostgreSQL half of a restore (`npm run admin -- restore-sends <database>`). `pg_restore`
 * loads a dump into a new database; this carries into it what the shop's database, the one it
 * will replace, sent after the dump (restore-rules.ts), so a mail or SMS is not sent twice. The
 * two are separate databases (PostgreSQL has no query across them without an extension), so what
 * is carried is read from the replaced one in one snapshot and written into the restored one in
 * one transaction. It does not dump, restore or rename databases: pg_dump, pg_restore and
 * `ALTER DATABASE … RENAME` do that (docs/deploy.md), run by the postgres user, who may.
 */

export interface SendsRestore {
  /** The restored database's name, and the replaced one's. */
  restored: string;
  replaced: string;
  orders: number;
  migrations: number;
  kept: KeptSends;
}

/** Rows fetched from the replaced database per round trip, where there may be many. */
const PAGE = 5000;

type Row = Record<string, unknown>;

export async function restoreSendsPostgres(restoredUrl: string, replacedUrl: string, sendTopics: readonly string[]): Promise<SendsRestore> {
  const restored = new pg.Client({ connectionString: restoredUrl });
  await restored.connect();
  try {
    const here = await whereIs(restored);
    const summary = await inspectRestored(restored, here.database);
    const old = await openReplaced(replacedUrl);
    const kept: KeptSends = { sameShop: false, jobsDone: 0, notificationsSent: 0, sendRecords: 0 };
    try {
      if (!old.client) kept.unreadable = old.why;
      else {
        const there = await whereIs(old.client);
        if (there.database === here.database && there.port === here.port) throw new Error(`${here.database} is the shop's database itself: restore the dump into a new database and name that one`);
        await refuseIfInUse(old.client, there.database);
        // One snapshot of the replaced database for every read.
        await old.client.query('begin isolation level repeatable read read only');
        kept.sameShop = (await hasTable(old.client, 'orders')) && (await hasTable(old.client, 'outbox')) && (await sameShop(restored, old.client));
      }
      await refuseIfInUse(restored, here.database);
      await restored.query('begin');
      try {
        if (kept.sameShop) await carry(restored, old.client!, sendTopics, kept);
        else await restored.query("select setval(format('%I.%I', schemaname, sequencename)::regclass, coalesce(last_value, 0) + $1) from pg_sequences where schemaname = current_schema()", [RESTORE_ID_GAP]);
        await restored.query('commit');
      } catch (err) {
        await restored.query('rollback');
        throw err;
      }
      return { ...summary, restored: here.database, replaced: old.database, kept };
    } finally {
      await old.client?.end();
    }
  } finally {
    await restored.end();
  }
}

async function whereIs(client: pg.Client): Promise<{ database: string; port: string }> {
  const row = (await client.query<{ database: string; port: string }>("select current_database() as database, current_setting('port') as port")).rows[0]!;
  return row;
}

/** A simshop database, not from a newer simshop: its orders and migrations counted. */
async function inspectRestored(client: pg.Client, database: string): Promise<{ orders: number; migrations: number }> {
  if (!(await hasTable(client, 'orders')) || !(await hasTable(client, 'kysely_migration'))) throw new Error(`${database} is not a simshop database: restore the dump into it first (pg_restore)`);
  const count = async (table: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
  const applied = await count('kysely_migration');
  const known = Object.keys(migrations).length;
  if (applied > known) throw new Error(`${database} comes from a newer simshop (${applied} migrations, this one knows ${known}): upgrade first`);
  return { orders: await count('orders'), migrations: applied };
}

/**
 * The shop's database, or why there is none to carry from: it does not exist (lost with its
 * machine). Any other failure (a wrong password, the server down) stops the restore: carrying
 * nothing would send again what was sent.
 */
async function openReplaced(url: string): Promise<{ client: pg.Client | null; database: string; why?: string }> {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return { client, database };
  } catch (err) {
    await client.end().catch(() => undefined);
    if ((err as { code?: string }).code === '3D000') return { client: null, database, why: (err as Error).message };
    throw new Error(`cannot read the shop's database ${database} to keep what it sent: ${(err as Error).message}`);
  }
}

/** Carrying while a process still writes would miss its sends; renaming a database in use fails anyway. */
async function refuseIfInUse(client: pg.Client, database: string): Promise<void> {
  const others = Number((await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'")).rows[0]!.n);
  if (others > 0) throw new Error(`${database} is in use (${others} other connections): stop every simshop process (and close other sessions on it) first`);
}

const hasTable = async (client: pg.Client, table: string) => (await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [table])).rows[0]!.found;

/** Values compared as text: the two connections may parse bigint differently. */
const sameValues = (a: Row, b: Row, columns: readonly string[]) => columns.every((c) => String(a[c]) === String(b[c]));

async function sameShop(restored: pg.Client, old: pg.Client): Promise<boolean> {
  for (const { table, columns } of SHOP_MARKS) {
    const mark = (await restored.query<Row>(`select ${columns.join(', ')} from ${table} order by id desc limit 1`)).rows[0];
    if (!mark) continue;
    const there = (await old.query<Row>(`select ${columns.join(', ')} from ${table} where id = $1`, [mark.id])).rows[0];
    return there !== undefined && sameValues(mark, there, columns);
  }
  return false;
}

/** Writes rows into a temporary table of the restored database's transaction (dropped at commit). */
async function stage(restored: pg.Client, table: string, columns: Record<string, string>, rows: Row[]): Promise<void> {
  const names = Object.keys(columns);
  await restored.query(`create temp table ${table} (${names.map((n) => `${n} ${columns[n]}`).join(', ')}) on commit drop`);
  for (let i = 0; i < rows.length; i += PAGE) {
    const page = rows.slice(i, i + PAGE);
    await restored.query(
      `insert into ${table} (${names.join(', ')}) select * from unnest(${names.map((n, k) => `$${k + 1}::${columns[n]}[]`).join(', ')})`,
      names.map((n) => page.map((r) => (r[n] === null || r[n] === undefined ? null : String(r[n])))),
    );
  }
}

async function carry(restored: pg.Client, old: pg.Client, sendTopics: readonly string[], kept: KeptSends): Promise<void> {
  const has = async (table: string) => (await hasTable(restored, table)) && (await hasTable(old, table));
  // The jobs waiting in the dump, as the replaced database has them now.
  const waiting = (await restored.query<{ id: number }>('select id from outbox where done_at is null')).rows.map((r) => r.id);
  const jobs: Row[] = [];
  for (let i = 0; i < waiting.length; i += PAGE) jobs.push(...(await old.query<Row>(`select ${SAME_JOB.join(', ')}, done_at, attempts from outbox where id = any($1::int[])`, [waiting.slice(i, i + PAGE)])).rows);
  await stage(restored, 'old_jobs', { id: 'int', topic: 'text', payload: 'text', created_at: 'bigint', done_at: 'bigint', attempts: 'int' }, jobs);
  await restored.query(`create temp table matched on commit drop as
    select m.id, o.done_at, o.attempts from outbox m join old_jobs o on ${SAME_JOB.map((c) => `o.${c} = m.${c}`).join(' and ')}
    where m.done_at is null`);
  const matched = (await restored.query<{ id: number }>('select id from matched')).rows.map((r) => r.id);
  if (await has('job_side_effects')) {
    const records = (await old.query<Row>('select key, job_id, created_at from job_side_effects where job_id = any($1::int[])', [matched])).rows;
    await stage(restored, 'old_side_effects', { key: 'text', job_id: 'int', created_at: 'bigint' }, records);
    kept.sendRecords = (await restored.query('insert into job_side_effects (key, job_id, created_at) select key, job_id, created_at from old_side_effects on conflict do nothing')).rowCount ?? 0;
  }
  // The tries the replaced database made count: a re-run is not a first run and looks for its sends.
  await restored.query('update outbox set attempts = t.attempts from matched t where t.id = outbox.id and t.attempts > outbox.attempts');
  kept.jobsDone =
    (await restored.query('update outbox set done_at = t.done_at, locked_until = null, lease_token = null, last_error = null from matched t where t.id = outbox.id and t.done_at is not null and outbox.topic = any($1::text[])', [sendTopics])).rowCount ?? 0;
  if (await has('notifications')) kept.notificationsSent = await carryNotifications(restored, old);
  if (await has('sms_budget')) {
    await stage(restored, 'old_sms_budget', { day: 'text', sent: 'int' }, (await old.query<Row>('select day, sent from sms_budget')).rows);
    await restored.query('insert into sms_budget (day, sent) select day, sent from old_sms_budget on conflict (day) do update set sent = greatest(sms_budget.sent, excluded.sent)');
  }
  // Last, as setval is not undone by a rollback (a sequence moved ahead for nothing does no harm).
  const sequences = (await old.query<Row>('select schemaname, sequencename, last_value from pg_sequences where schemaname = current_schema() and last_value is not null')).rows;
  await stage(restored, 'old_sequences', { schemaname: 'text', sequencename: 'text', last_value: 'bigint' }, sequences);
  await restored.query(`select setval(format('%I.%I', s.schemaname, s.sequencename)::regclass, o.last_value)
    from old_sequences o join pg_sequences s on s.schemaname = o.schemaname and s.sequencename = o.sequencename
    where coalesce(s.last_value, 0) < o.last_value`);
}

/**
 * Notifications the dump has waiting that the replaced database sent are marked sent; those it
 * sent that the dump lacks (by their key) are added, for customers the dump has. The replaced
 * database's sent keys are read page by page, so a long history is never held whole.
 */
async function carryNotifications(restored: pg.Client, old: pg.Client): Promise<number> {
  const unsent = (await restored.query<{ id: number }>('select id from notifications where sent_at is null')).rows.map((r) => r.id);
  const sentThere = (await old.query<Row>('select id, dedupe_key, channel, sent_at from notifications where id = any($1::int[]) and sent_at is not null', [unsent])).rows;
  await stage(restored, 'old_sent', { id: 'int', dedupe_key: 'text', channel: 'text', sent_at: 'bigint' }, sentThere);
  let count = (await restored.query('update notifications set sent_at = o.sent_at, channel = o.channel from old_sent o where o.id = notifications.id and o.dedupe_key = notifications.dedupe_key and notifications.sent_at is null')).rowCount ?? 0;
  const columns = { id: 'int', dedupe_key: 'text', user_id: 'int', kind: 'text', payload: 'text', channel: 'text', sent_at: 'bigint', created_at: 'bigint' };
  const missing: Row[] = [];
  for (let after = 0; ; ) {
    const page = (await old.query<{ id: number; dedupe_key: string }>('select id, dedupe_key from notifications where sent_at is not null and id > $1 order by id limit $2', [after, PAGE])).rows;
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    const absent = (await restored.query<{ key: string }>('select k.key from unnest($1::text[]) as k(key) where not exists (select 1 from notifications n where n.dedupe_key = k.key)', [page.map((r) => r.dedupe_key)])).rows.map((r) => r.key);
    if (absent.length > 0) missing.push(...(await old.query<Row>(`select ${Object.keys(columns).join(', ')} from notifications where dedupe_key = any($1::text[])`, [absent])).rows);
  }
  await stage(restored, 'old_added', columns, missing);
  count +=
    (await restored.query(`insert into notifications (id, dedupe_key, user_id, kind, payload, channel, sent_at, skipped, created_at)
      select id, dedupe_key, user_id, kind, payload, channel, sent_at, null, created_at from old_added
      where user_id in (select id from users) on conflict do nothing`)).rowCount ?? 0;
  return count;
}
