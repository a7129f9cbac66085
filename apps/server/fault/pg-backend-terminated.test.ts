import { serverErrors } from '@simshop/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.ts';
import { balanceBuyers, checkoutOnce, expectAcknowledgedPaid, loadSkuId } from './checkout-load.ts';
import { freshPostgres, shopEnv, startServer, type ServerProcess } from './server-process.ts';

// PostgreSQL ending the server's connections under a checkout load, as a fast restart or a
// failover does (57P01, the socket closing): the process stays up, the requests in flight are
// answered with the catalogue's server error, no acknowledged order is lost, and it serves again
// without a restart. The connections are ended with pg_terminate_backend, which is what a
// restart does to each backend, without stopping the cluster the other suites share.
const CHECKOUTS = 150;
const TERMINATE_AT = [20, 60, 100];
const WORKERS = 6;

const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.kill();
});

describe('PostgreSQL ends the connections under a checkout load', () => {
  it('keeps the process up, loses no acknowledged order and serves again', { timeout: 150_000 }, async () => {
    const databaseUrl = await freshPostgres('terminated');
    const env = shopEnv({ databaseUrl });
    const server = await startServer(env);
    running.push(server);
    const buyers = await balanceBuyers(server, env);
    const db = createDatabase({ databaseUrl, dataDir: env.DATA_DIR! });
    const admin = new pg.Client({ connectionString: process.env.FAULT_DATABASE_URL });
    await admin.connect();
    try {
      const skuId = await loadSkuId(db);
      const terminate = async () => {
        const ended = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [new URL(databaseUrl).pathname.slice(1)]);
        return ended.rows.filter((r) => r.ended).length;
      };
      const acknowledged: string[] = [];
      const refusals: number[] = [];
      let started = 0;
      let terminations = 0;
      let endedConnections = 0;
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (started < CHECKOUTS) {
            const buyer = buyers[started++ % buyers.length]!;
            const outcome = await checkoutOnce(server, buyer, skuId);
            if (outcome.refused === undefined) acknowledged.push(outcome.orderNo);
            else refusals.push(outcome.refused);
            if (terminations < TERMINATE_AT.length && acknowledged.length >= TERMINATE_AT[terminations]!) {
              terminations++;
              endedConnections += await terminate();
            }
          }
        }),
      );
      expect(terminations).toBe(TERMINATE_AT.length);
      expect(endedConnections).toBeGreaterThan(0);
      // The process lived through it; what failed in flight got the catalogue's server error.
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      for (const code of refusals) expect(code).toBe(serverErrors.serverError.code);
      expect(acknowledged.length).toBeGreaterThan(CHECKOUTS / 2);
      await expectAcknowledgedPaid(db, acknowledged);
      // And it serves again, on new connections.
      const after = await checkoutOnce(server, buyers[0]!, skuId);
      expect(after.refused).toBeUndefined();
    } finally {
      await admin.end();
      await db.destroy();
    }
  });
});
