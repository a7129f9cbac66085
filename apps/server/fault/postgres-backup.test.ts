import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePostgresInstalled } from '../../../scripts/postgres.ts';
import type { Database } from '../src/db/database.ts';
import { balanceBuyers, checkoutLoad, expectAcknowledgedPaid, loadSkuId } from './checkout-load.ts';
import { deployCommands } from './deploy-doc.ts';
import { adminCli, shopEnv, startServer, type ServerProcess } from './server-process.ts';
import { outboxIdle, shopDatabase, until } from './shop-db.ts';

/**
 * The PostgreSQL backup of docs/deploy.md ("10. Backups") run as written there, with the cluster's
 * own binaries: its code block is read from the doc and each line run by bash, with the shop's
 * role and database (`simshop` in the doc) named for this test, `sudo -u postgres` as the
 * cluster's superuser, `systemctl` as this test's processes. A dump is taken while customers
 * check out on a web process (which runs no job: their receipts wait in the outbox); then a worker
 * mails half of the dump's receipts and more, the other half held back; then the doc's restore.
 * The restored shop has every order acknowledged before the dump began, none acknowledged after
 * it ended, balances that agree with their ledger; and it mails each receipt once: not the ones
 * the replaced shop had mailed, once the ones it had not. `restore-sends` is refused while the
 * shop's database is in use, and with that database lost it moves every id a million ahead.
 */
const run = promisify(execFile);
const cluster = new URL(process.env.FAULT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const bin = ensurePostgresInstalled(() => undefined);
/** The shop's role and database, "simshop" in the doc. */
const shop = `fault_pgr_${Date.now().toString(36)}`;
const pgEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, PGHOST: cluster.hostname, PGPORT: cluster.port || '5432', PGUSER: decodeURIComponent(cluster.username) || 'postgres' };
const shell = async (line: string) => (await run('bash', ['-c', line], { env: pgEnv, encoding: 'utf8' })).stdout;

const servers: ServerProcess[] = [];
const folder = mkdtempSync(join(tmpdir(), 'simshop-pg-backup-'));
let db: Database | undefined;
afterAll(async () => {
  for (const s of servers) await s.kill();
  await db?.destroy();
  const left = (await shell(`psql -Atc "select datname from pg_database where datname like '${shop}%'"`)).split('\n').filter(Boolean);
  for (const name of left) await shell(`dropdb --if-exists ${name}`);
  await shell(`dropuser --if-exists ${shop}`);
  rmSync(folder, { recursive: true, force: true });
});

/** The receipts the shop wrote (the file outbox): each mail's idempotency key and file. */
function mailsIn(dataDir: string): { key: string; file: string }[] {
  const dir = join(dataDir, 'outbox', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => ({ key: (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { idempotencyKey?: string }).idempotencyKey ?? `none:${file}`, file }));
}


describe('PostgreSQL backup and restore as docs/deploy.md gives them', () => {
  it('dumps a shop under load; the restore keeps the books and sends each mail once', { timeout: 180_000 }, async () => {
    const commands = deployCommands('10. Backups');
    // As the cluster's superuser (PGUSER), this test's role and database for "simshop", its folder for the dumps'.
    const literal = (command: string) => {
      const line = command.replace(/^sudo -u postgres /, '').replace(/simshop/g, shop).replace(/\/var\/backups\/(?:\$\([^)]*\)|\S)+?\.dump/, join(folder, 'shop.dump'));
      if (line.includes('/var/')) throw new Error(`a path outside the test's folder: ${line}`);
      return line;
    };
    const dumpLine = commands.find((c) => c.includes('pg_dump -Fc'));
    if (!dumpLine) throw new Error('docs/deploy.md section 10 has no pg_dump -Fc line');
    await shell(`createuser ${shop} && createdb --owner ${shop} ${shop}`);
    const shopUrl = `postgres://${shop}@${pgEnv.PGHOST}:${pgEnv.PGPORT}/${shop}`;
    const env = shopEnv({ databaseUrl: shopUrl, dataDir: folder, extra: { SIMSHOP_ROLE: 'web', OUTBOX_INTERVAL_MS: '100', JOB_RETRY_BASE_MS: '200', JOB_RETRY_MAX_MS: '1000' } });
    const web = await startServer(env);
    servers.push(web);
    const buyers = await balanceBuyers(web, env);
    db = shopDatabase(env);
    const skuId = await loadSkuId(db);

    // pg_dump while customers check out.
    const load = checkoutLoad(web, buyers, skuId);
    const { acknowledged } = load;
    await load.afterMore(20);
    const began = Date.now();
    await shell(literal(dumpLine));
    const ended = Date.now();
    await load.sentAfter(ended, 10);
    await load.stop();
    await web.kill();
    const inDump = acknowledged.filter((a) => a.at < began).map((a) => a.orderNo);
    const afterDump = acknowledged.filter((a) => a.sentAt > ended).map((a) => a.orderNo);
    expect(afterDump.length).toBeGreaterThan(0);

    // After the dump a worker mails every receipt but those of half the dump's orders (held back an hour).
    const [early, late] = [inDump.filter((_, i) => i % 2 === 0), inDump.filter((_, i) => i % 2 === 1)];
    const lateNotices = await db.selectFrom('notifications').select('id').where((eb) => eb.or(late.map((no) => eb('dedupe_key', 'like', `%:order:${no}`)))).execute();
    expect(lateNotices.length).toBeGreaterThan(0);
    const later = Date.now() + 3_600_000;
    await db.updateTable('outbox').set({ run_after: later }).where('topic', '=', 'notification.send').where('payload', 'in', lateNotices.map((n) => JSON.stringify({ notificationId: n.id }))).execute();
    const worker = await startServer({ ...env, SIMSHOP_ROLE: 'all' });
    servers.push(worker);
    await until('the replaced shop mailed what was not held back', () => outboxIdle(db!, later), 30_000, 100);
    await worker.kill();
    await db.destroy();
    db = undefined;
    const mailedBefore = mailsIn(folder);
    const receiptOf = (no: string, mails: { key: string }[]) => mails.filter((m) => m.key.endsWith(`.order.${no}`));
    for (const no of early) expect(receiptOf(no, mailedBefore).length, no).toBe(1);
    for (const no of late) expect(receiptOf(no, mailedBefore), no).toEqual([]);

    // The doc's restore, line by line.
    for (const command of commands.filter((c) => c !== dumpLine)) {
      if (command.startsWith('systemctl stop')) expect(servers.every((s) => s.child.exitCode !== null || s.child.signalCode !== null)).toBe(true);
      else if (command.startsWith('systemctl start')) servers.push(await startServer({ ...env, SIMSHOP_ROLE: 'all' }));
      else if (command.includes('npm run admin -- ')) {
        const args = command.slice(command.indexOf('npm run admin -- ') + 'npm run admin -- '.length).replace(/simshop/g, shop).split(' ');
        // Refused while anything still uses the shop's database (its sends would be missed), and for the shop's database itself.
        const still = shopDatabase(env);
        try {
          await still.selectFrom('orders').select('id').limit(1).execute();
          expect(() => adminCli(env, ...args)).toThrow(new RegExp(`${shop} is in use \\(1 other connections\\): stop every simshop process`));
        } finally {
          await still.destroy();
        }
        expect(() => adminCli(env, 'restore-sends', shop)).toThrow(`${shop} is the shop's database itself`);
        expect(adminCli(env, ...args)).toMatch(/kept what the replaced database had sent since the backup: [1-9]\d* waiting message jobs done, [1-9]\d* notifications sent/);
      } else await shell(literal(command));
    }
    const databases = (await shell(`psql -Atc "select datname from pg_database where datname like '${shop}%' order by datname"`)).split('\n').filter(Boolean);
    expect(databases).toEqual([shop, expect.stringMatching(new RegExp(`^${shop}_before_restore_\\d{8}_\\d{4}$`))]);
    // No id the replaced shop used (a mail's Message-ID, an SM-DP+ call id) is handed out again.
    const sequences = async (database: string) => new Map((await shell(`psql -Atc "select sequencename, last_value from pg_sequences where last_value is not null" ${database}`)).split('\n').filter(Boolean).map((l) => [l.split('|')[0]!, Number(l.split('|')[1])]));
    const [before, now] = [await sequences(databases[1]!), await sequences(shop)];
    expect(before.get('outbox_id_seq')).toBeGreaterThan(0);
    for (const [name, value] of before) expect(now.get(name), name).toBeGreaterThanOrEqual(value);

    // The books of the restored shop.
    db = shopDatabase(env);
    await expectAcknowledgedPaid(db, inDump);
    expect(await db.selectFrom('orders').select('order_no').where('order_no', 'in', afterDump).execute()).toEqual([]);
    const balances = await db.selectFrom('balances').select(['user_id', 'currency', 'amount']).execute();
    for (const b of balances) {
      const ledger = await db.selectFrom('balance_ledger').select(['amount', 'balance_after']).where('user_id', '=', b.user_id).where('currency', '=', b.currency).orderBy('id', 'desc').execute();
      if (ledger.length > 0) expect(ledger[0]!.balance_after, `balance of user ${b.user_id}`).toBe(b.amount);
    }
    const paidByBalance = await db.selectFrom('orders').innerJoin('payments', 'payments.order_id', 'orders.id').select(['orders.id', 'orders.total']).where('payments.status', '=', 'succeeded').where('payments.method', '=', 'balance').execute();
    const debits = await db.selectFrom('balance_ledger').select(['order_id', 'amount']).where('order_id', 'is not', null).where('amount', '<', 0).execute();
    for (const p of paidByBalance) expect(debits.filter((d) => d.order_id === p.id).map((d) => d.amount), `order ${p.id}`).toEqual([-p.total]);

    // Each receipt once: those mailed before the restore not again, those held back once.
    await until('the restored shop ran every job', () => outboxIdle(db!), 30_000, 100);
    const mailed = mailsIn(folder);
    expect(mailed.length).toBe(new Set(mailed.map((m) => m.key)).size);
    const sentAfter = mailed.filter((m) => !mailedBefore.some((b) => b.file === m.file));
    for (const no of early) expect(receiptOf(no, sentAfter), no).toEqual([]);
    for (const no of late) expect(receiptOf(no, sentAfter).length, no).toBe(1);

    // The shop's database lost with its machine: nothing to carry, so every id jumps a million ahead.
    const lost = `${shop}_lost`;
    await shell(`createdb --owner ${shop} ${lost} && pg_restore --no-owner --role=${shop} -d ${lost} ${join(folder, 'shop.dump')}`);
    const dumped = await sequences(lost);
    const gone = `postgres://${shop}@${pgEnv.PGHOST}:${pgEnv.PGPORT}/${shop}_gone`;
    expect(adminCli({ ...env, DATABASE_URL: gone }, 'restore-sends', lost)).toMatch(new RegExp(`could not be read \\(database "${shop}_gone" does not exist\\), so nothing could be kept .* ids start 1,000,000 past the backup's`));
    const moved = await sequences(lost);
    expect(moved.get('outbox_id_seq')).toBe(dumped.get('outbox_id_seq')! + 1_000_000);
    expect(moved.get('orders_id_seq')).toBe(dumped.get('orders_id_seq')! + 1_000_000);
  });
});
