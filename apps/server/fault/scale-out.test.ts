import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, API_BASE, DOWNLOAD_PATH, serverErrors, signRequest } from '@simshop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCli, FAULT_SIGNING, freshPostgres, shopEnv, startServer, type ServerProcess } from './server-process.ts';
import { loadSkuId } from './checkout-load.ts';
import { shopDatabase } from './shop-db.ts';

// "Scale-out loses files": two server processes on one PostgreSQL are one shop. A file
// made through one downloads through the other; and one SQLite file takes one server only.
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.kill();
});

async function download(server: ServerProcess, fileToken: string, sessionToken: string) {
  const query = `file=${encodeURIComponent(fileToken)}`;
  const headers = signRequest(FAULT_SIGNING, { query, body: '', token: sessionToken });
  return fetch(`${server.base}${API_BASE}${DOWNLOAD_PATH}?${query}`, { headers });
}

describe('two server processes on one PostgreSQL', () => {
  it('an export made on one downloads through the other', { timeout: 90_000 }, async () => {
    const env = shopEnv({ databaseUrl: await freshPostgres('scale_out') });
    const a = await startServer(env);
    running.push(a);
    // Its own data dir: nothing on the first process's disk can help it.
    const b = await startServer({ ...env, DATA_DIR: join(env.DATA_DIR!, 'second') });
    running.push(b);
    adminCli(env, 'balance', 'credit', 'reseller@simshop.local', '1000', 'USD', 'fault test');
    const login = await a.call(api.resellerLogin.path, 'password', { account: 'reseller@simshop.local', password: 'demo1234', foreign: false });
    const token = (login.data as { token: string }).token;
    const skuId = await skuIdOf(env, 'ECODE-QPE');
    const order = await a.call(api.order.path, 'create', { items: [{ skuId, quantity: 2, inputs: {} }] }, token);
    expect(order.code).toBe(0);
    expect((await a.call(api.order.path, 'pay', { orderNo: (order.data as { orderNo: string }).orderNo, method: 'balance' }, token)).code).toBe(0);

    const made = await a.call(api.ecodeManage.path, 'export', { quantity: 10, format: 'csv' }, token);
    expect(made.code).toBe(0);
    const file = (made.data as { file: string }).file;
    for (const server of [b, a]) {
      const res = await download(server, file, token);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/JT\d{10}/);
    }
    // A token for a file that is not there: the catalogue's words, no path, no server error.
    const { issueDownloadToken } = await import('../src/modules/files/files.service.ts');
    const gone = await download(b, issueDownloadToken({ fileTokenSecret: env.FILE_TOKEN_SECRET! } as never, '00000000-0000-0000-0000-000000000000', null), token);
    expect(gone.status).toBe(404);
    const body = await gone.text();
    expect(JSON.parse(body)).toMatchObject({ code: serverErrors.fileMissing.code });
    expect(body).not.toContain('/');
  });
});

async function skuIdOf(env: NodeJS.ProcessEnv, code: string): Promise<number> {
  const db = shopDatabase(env);
  try {
    return await loadSkuId(db, code);
  } finally {
    await db.destroy();
  }
}

describe('one SQLite file', () => {
  it('refuses a second server process with a clear message; the command line still works', { timeout: 90_000 }, async () => {
    const env = shopEnv();
    const first = await startServer(env);
    running.push(first);
    await expect(startServer(env)).rejects.toThrow(/exited with 1/);
    const file = join(env.DATA_DIR!, 'stock.csv');
    writeFileSync(file, 'sku,stock\nSIM-CU-30,5\n');
    expect(adminCli(env, 'stock', 'import', file)).toContain('stock set for 1 SKUs');
    expect((await first.call(api.product.path, 'list', { page: 1, size: 5 })).code).toBe(0);
  });
});
