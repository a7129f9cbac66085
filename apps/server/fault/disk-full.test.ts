import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { balanceBuyers, checkoutOnce, loadSkuId } from './checkout-load.ts';
import { shopEnv, startServer, type ServerProcess } from './server-process.ts';

// The SQLite shop on a filesystem that runs out of space under a checkout load: what the disk
// holds is exactly what the server acknowledged. An order on disk whose create was answered with
// an error would be bought again by a client that retries; an acknowledged one missing is a sale
// lost. The filesystem is a small tmpfs of its own (mounting needs root, as `npm test` has),
// filled up to a little headroom once the shop has started, and emptied again at the end: the
// same process must then sell again.
const FILESYSTEM_MB = 64;
const HEADROOM_BYTES = 1536 * 1024;
const WORKERS = 8;
const MAX_CHECKOUTS = 1500;
/** Refusals in a row that show the disk is full for good, not one unlucky moment. */
const REFUSED_IN_A_ROW = 25;

const mountPoint = mkdtempSync(join(tmpdir(), 'simshop-small-disk-'));
let mounted = false;
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.kill();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

function freeBytes(path: string): number {
  const fs = statfsSync(path);
  return fs.bavail * fs.bsize;
}

describe('the disk fills up under a checkout load (SQLite)', () => {
  it('holds exactly the acknowledged orders and payments, and sells again once space is back', { timeout: 180_000 }, async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${FILESYSTEM_MB}m`, 'tmpfs', mountPoint]);
    mounted = true;
    // Errors are the point of this test: the server's log of each would drown the report.
    const env = shopEnv({ dataDir: mountPoint, extra: { LOG_LEVEL: 'fatal' } });
    const server = await startServer(env);
    running.push(server);
    const buyers = await balanceBuyers(server, env);
    const db = createDatabase({ dataDir: mountPoint });
    try {
      const skuId = await loadSkuId(db);
      const userIds = (await db.selectFrom('users').select('id').where('email', 'in', buyers.map((b) => b.account)).execute()).map((u) => u.id);
      const ordersBefore = new Set((await db.selectFrom('orders').select('order_no').where('user_id', 'in', userIds).execute()).map((o) => o.order_no));

      const filler = join(mountPoint, 'filler');
      writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(mountPoint) - HEADROOM_BYTES)));

      const created: string[] = [];
      const paid: string[] = [];
      let createsRefused = 0;
      let paysRefused = 0;
      let inARow = 0;
      let started = 0;
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (started < MAX_CHECKOUTS && inARow < REFUSED_IN_A_ROW) {
            const buyer = buyers[started++ % buyers.length]!;
            const outcome = await checkoutOnce(server, buyer, skuId);
            if (outcome.refused === undefined) {
              created.push(outcome.orderNo);
              paid.push(outcome.orderNo);
              inARow = 0;
              continue;
            }
            inARow++;
            if (outcome.step === 'create') createsRefused++;
            else {
              paysRefused++;
              // The create was acknowledged, the payment refused: the order is there, unpaid.
              created.push(outcome.orderNo);
            }
          }
        }),
      );
      // The disk did fill up, after some checkouts went through.
      expect(inARow).toBeGreaterThanOrEqual(REFUSED_IN_A_ROW);
      expect(paid.length).toBeGreaterThan(0);
      expect(createsRefused + paysRefused).toBeGreaterThan(0);
      expect(server.child.exitCode).toBeNull();

      // On disk: the orders the server said it created, no more, no fewer; paid exactly those it
      // said it was paid for.
      const onDisk = await db.selectFrom('orders').select(['order_no', 'id']).where('user_id', 'in', userIds).execute();
      const newOnDisk = onDisk.filter((o) => !ordersBefore.has(o.order_no)).map((o) => o.order_no);
      expect(newOnDisk.sort()).toEqual([...created].sort());
      const paidOnDisk = await db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select('orders.order_no')
        .where('payments.status', '=', 'succeeded')
        .where('orders.user_id', 'in', userIds)
        .execute();
      expect(paidOnDisk.map((p) => p.order_no).filter((no) => !ordersBefore.has(no)).sort()).toEqual([...paid].sort());

      // Space comes back: the same process sells again.
      rmSync(filler);
      const after = await checkoutOnce(server, buyers[0]!, skuId);
      expect(after.refused).toBeUndefined();
      expect(server.child.exitCode).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
