import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { balanceBuyers, checkoutLoad, checkoutOnce, expectAcknowledgedPaid, loadSkuId } from './checkout-load.ts';
import { adminCli, adminCliAsync, shopEnv, startServer, type ServerProcess } from './server-process.ts';

// A backup of the SQLite shop taken while customers check out: every order acknowledged before
// the backup began is in it, paid; none acknowledged after it ended is; the copy restores into
// a fresh folder (not into one a server is using) and a server started on it sells again.
const folders: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `simshop-${name}-`));
  folders.push(dir);
  return dir;
};

describe('backup during a checkout load (SQLite)', () => {
  it('holds what was acknowledged before it, restores elsewhere, and the restored shop sells', { timeout: 180_000 }, async () => {
    const env = shopEnv({ dataDir: folder('backup-live') });
    const server = await startServer(env);
    servers.push(server);
    const buyers = await balanceBuyers(server, env);
    const live = createDatabase({ dataDir: env.DATA_DIR! });
    const skuId = await loadSkuId(live);
    await live.destroy();

    // The test's own time limit bounds the waits for more checkouts.
    const load = checkoutLoad(server, buyers, skuId);
    const { acknowledged } = load;
    await load.afterMore(40, 180_000);
    const file = join(folder('backup-file'), 'shop.sqlite');
    const began = Date.now();
    const written = await adminCliAsync(env, 'backup', file);
    const ended = Date.now();
    await load.sentAfter(ended, 20, 180_000);
    await load.stop();
    expect(written).toMatch(/^backup written to .*: \d+ orders, [0-9.]+ MB, integrity ok/);

    // Not into the folder a server is using.
    expect(() => adminCli(env, 'restore', file)).toThrow(/Another simshop server \(pid \d+\)/);

    const restoredEnv = shopEnv({ dataDir: folder('backup-restored') });
    expect(adminCli(restoredEnv, 'restore', file)).toContain('integrity ok');
    const restored = createDatabase({ dataDir: restoredEnv.DATA_DIR! });
    try {
      await expectAcknowledgedPaid(restored, acknowledged.filter((a) => a.at < began).map((a) => a.orderNo));
      const later = acknowledged.filter((a) => a.sentAt > ended).map((a) => a.orderNo);
      expect(later.length).toBeGreaterThan(0);
      expect(await restored.selectFrom('orders').select('order_no').where('order_no', 'in', later).execute()).toEqual([]);
      const inBackup = Number(/: (\d+) orders/.exec(written)![1]);
      expect(Number((await restored.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(inBackup);
    } finally {
      await restored.destroy();
    }

    // The restored shop serves and sells, to the same signed-in buyers.
    await server.kill();
    const second = await startServer(restoredEnv);
    servers.push(second);
    const sale = await checkoutOnce(second, buyers[0]!, skuId);
    expect(sale.refused).toBeUndefined();
  });
});
