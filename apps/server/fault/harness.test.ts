import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@simshop/contract';
import { shopEnv, startServer, type ServerProcess } from './server-process.ts';

// The harness itself: a production process starts from a fresh data dir, answers a signed call
// with the demo catalogue, and dies on SIGKILL. Every other fault test stands on this.
describe('fault harness', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.kill());

  it('starts a real server process that answers signed calls and dies on kill -9', async () => {
    server = await startServer(shopEnv());
    const list = await server.call(api.product.path, 'list', { page: 1, size: 5 });
    expect(list.http).toBe(200);
    expect(list.code).toBe(0);
    expect((list.data as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await server.kill();
    expect(await server.exited).toBe('SIGKILL');
  });
});
