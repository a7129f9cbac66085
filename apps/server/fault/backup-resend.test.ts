import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { adminCli, freePort, shopEnv, smdpDistinctDownloads, startServer, startSmdp, type ServerProcess } from './server-process.ts';
import { customerSession, outboxIdle, shopDatabase, until } from './shop-db.ts';
import { balanceCheckout, loadSkuId } from './checkout-load.ts';

/**
 * A backup taken while jobs wait (paid eSIM orders to issue, their mails to send), then the shop
 * goes on: it issues and mails half the orders; the other half's jobs still wait (a retry not
 * due yet) when it is stopped and the backup restored over it. The restored shop runs the jobs
 * of the backup: what the replaced shop had mailed is not mailed again, what it had not is mailed
 * once, and the eSIMs it had issued are the same profiles (the SM-DP+, a process of its own that
 * outlives the shops, answers a repeated call id with the profile it gave).
 */
const ORDERS = 6;
const folders: string[] = [];
const servers: ServerProcess[] = [];
let smdp: { stop(): Promise<void> } | undefined;
let db: Database | undefined;
afterAll(async () => {
  for (const s of servers) await s.kill();
  await smdp?.stop();
  await db?.destroy();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** The mails the shop wrote (the file outbox), each with its key and when it was written. */
function mailsIn(dataDir: string): { key: string; to: string; subject: string; file: string }[] {
  const dir = join(dataDir, 'outbox', 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((file) => {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; subject: string; idempotencyKey?: string };
    return { key: mail.idempotencyKey ?? `none:${file}`, to: mail.to, subject: mail.subject, file };
  });
}


describe('a restored shop runs the jobs its backup had waiting (SQLite)', () => {
  it('without mailing twice what was mailed, mailing once what was not, issuing each eSIM once', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'simshop-resend-'));
    folders.push(dataDir);
    const smdpPort = await freePort();
    const env = shopEnv({ dataDir, extra: { SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`, OUTBOX_INTERVAL_MS: '100', JOB_RETRY_BASE_MS: '200', JOB_RETRY_MAX_MS: '1000', SIMSHOP_ROLE: 'web' } });
    smdp = startSmdp(smdpPort, env);
    // A web process runs no job: the orders' issuing and mails wait in the outbox.
    const web = await startServer(env);
    servers.push(web);
    db = shopDatabase(env);
    const email = 'resend@fault.test';
    const token = await customerSession(db, env, email);
    adminCli(env, 'balance', 'credit', email, '1000', 'USD');
    const skuId = await loadSkuId(db, 'ESIM-GLOBAL-3');
    const orderNos: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      orderNos.push(await balanceCheckout(web, token, skuId));
    }
    const backup = join(dataDir, '..', `${dataDir.split('/').pop()}-backup.sqlite`);
    folders.push(backup);
    expect(adminCli(env, 'backup', backup)).toContain(`${ORDERS} orders`);
    await web.kill();

    // After the backup: the first half's jobs run, the second half's wait (a retry due in an hour).
    const [early, late] = [orderNos.slice(0, ORDERS / 2), orderNos.slice(ORDERS / 2)];
    const orders = await db.selectFrom('orders').select(['id', 'order_no']).where('order_no', 'in', orderNos).execute();
    const lateIds = orders.filter((o) => late.includes(o.order_no)).map((o) => o.id);
    const lateNotices = await db.selectFrom('notifications').select('id').where((eb) => eb.or(late.map((no) => eb('dedupe_key', 'like', `%:order:${no}`)))).execute();
    expect(lateNotices.length).toBeGreaterThan(0);
    const later = Date.now() + 3_600_000;
    await db.updateTable('outbox').set({ run_after: later }).where('ref', 'in', lateIds.map((id) => `order:${id}`)).execute();
    await db.updateTable('outbox').set({ run_after: later }).where('topic', '=', 'notification.send').where('payload', 'in', lateNotices.map((n) => JSON.stringify({ notificationId: n.id }))).execute();
    const worker = await startServer({ ...env, SIMSHOP_ROLE: 'all' });
    servers.push(worker);
    const statusOf = async (shop: Database) => new Map((await shop.selectFrom('orders').select(['order_no', 'status']).where('order_no', 'in', orderNos).execute()).map((o) => [o.order_no, o.status]));
    await until('the first half issued and mailed', async () => {
      const status = await statusOf(db!);
      return early.every((no) => status.get(no) === 'delivered') && (await outboxIdle(db!, later));
    }, 30_000, 100);
    await worker.kill();
    const issuedBefore = await db.selectFrom('esims').innerJoin('orders', 'orders.id', 'esims.order_id').select(['orders.order_no', 'esims.iccid', 'esims.activation_code']).where('orders.order_no', 'in', orderNos).orderBy('orders.order_no').execute();
    expect(issuedBefore.map((e) => e.order_no)).toEqual([...early].sort());
    const mailedBefore = mailsIn(dataDir);
    expect(mailedBefore.length).toBeGreaterThan(0);
    expect(mailedBefore.some((m) => late.some((no) => m.subject.includes(no) || m.key.includes(no)))).toBe(false);
    await db.destroy();
    db = undefined;

    // The restore keeps what the replaced database sent.
    const restored = adminCli(env, 'restore', backup);
    expect(restored).toMatch(/kept what the replaced database had sent since the backup: [1-9]\d* waiting message jobs done, [1-9]\d* notifications sent/);

    const again = await startServer({ ...env, SIMSHOP_ROLE: 'all' });
    servers.push(again);
    db = shopDatabase(env);
    await until('every order issued and every job run', async () => [...(await statusOf(db!)).values()].every((s) => s === 'delivered') && (await outboxIdle(db!)), 30_000, 100);
    await again.kill();

    // Every mail once: those sent before the restore were not sent again, the rest were sent.
    const mailed = mailsIn(dataDir);
    const keys = mailed.map((m) => m.key);
    expect(keys.length).toBe(new Set(keys).size);
    const sentAfter = mailed.filter((m) => !mailedBefore.some((b) => b.file === m.file));
    expect(sentAfter.filter((m) => mailedBefore.some((b) => b.key === m.key))).toEqual([]);
    for (const no of late) expect(sentAfter.filter((m) => m.key.includes(no)).length, no).toBeGreaterThan(0);
    for (const no of early) expect(sentAfter.filter((m) => m.key.includes(no)), no).toEqual([]);
    // Per order: the payment's receipt and the eSIM's mail (written by the issuing job), once each.
    const kindsOf = (no: string) => mailed.filter((m) => m.key.endsWith(`.order.${no}`)).map((m) => m.key.split('.')[1]).sort();
    for (const no of orderNos) expect(kindsOf(no), no).toEqual(['esim_ready', 'payment_received']);
    // Each notification the restored shop recorded as sent by mail went out exactly once.
    const notices = await db.selectFrom('notifications').select(['dedupe_key', 'channel']).where('sent_at', 'is not', null).where((eb) => eb.or(orderNos.map((no) => eb('dedupe_key', 'like', `%:order:${no}`)))).execute();
    expect(notices.length).toBe(mailed.length);

    // Each eSIM once: one profile per order, the first half's the ones issued before the restore.
    const issued = await db.selectFrom('esims').innerJoin('orders', 'orders.id', 'esims.order_id').select(['orders.order_no', 'esims.iccid', 'esims.activation_code']).where('orders.order_no', 'in', orderNos).orderBy('orders.order_no').execute();
    expect(issued.map((e) => e.order_no)).toEqual([...orderNos].sort());
    for (const before of issuedBefore) expect(issued.find((e) => e.order_no === before.order_no)).toEqual(before);
    expect(await smdpDistinctDownloads(smdpPort)).toBe(ORDERS);
  });
});
