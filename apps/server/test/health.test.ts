import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEALTH_PATHS, healthResponseSchema } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { useTestApp } from './harness.ts';

/** The probes a proxy asks: alive, and ready for traffic (database, migrations, not stopping). */
const t = useTestApp();

async function probe(app: Awaited<ReturnType<typeof buildApp>>['app'], path: string) {
  const res = await app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: healthResponseSchema.parse(res.json()), cache: res.headers['cache-control'] };
}

describe('health and readiness', () => {
  it('answers alive and ready without a session, and is never cached', async () => {
    const base = await t.listen();
    const live = await fetch(`${base}${HEALTH_PATHS.live}`);
    expect(live.status).toBe(200);
    expect(healthResponseSchema.parse(await live.json())).toEqual({ status: 'ok', problems: [] });
    const ready = await fetch(`${base}${HEALTH_PATHS.ready}`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(healthResponseSchema.parse(await ready.json())).toEqual({ status: 'ok', problems: [] });
  });

  it('is not ready on a database its migrations have not reached, nor on one that does not answer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'simshop-readyz-'));
    const empty = await buildApp({ config: { ...t.config, databaseUrl: undefined, dataDir }, prepare: false, workers: false });
    try {
      expect(await probe(empty.app, HEALTH_PATHS.ready)).toEqual({ status: 503, body: { status: 'unavailable', problems: ['migrations_pending'] }, cache: 'no-store' });
      expect((await probe(empty.app, HEALTH_PATHS.live)).status).toBe(200);
    } finally {
      await empty.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Nothing listens on port 1.
    const gone = await buildApp({ config: { ...t.config, databaseUrl: 'postgres://simshop@127.0.0.1:1/simshop' }, prepare: false, workers: false });
    try {
      expect((await probe(gone.app, HEALTH_PATHS.ready)).body).toEqual({ status: 'unavailable', problems: ['database_unreachable'] });
    } finally {
      await gone.app.close();
      await gone.db.destroy().catch(() => undefined);
    }
  });

  it('turns unready at the first moment of a shutdown, while it still answers for the drain period', async () => {
    const shop = await buildApp({ config: { ...t.config, readinessDrainMs: 400 }, db: t.db, prepare: false, workers: false });
    await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const address = shop.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect((await fetch(`${base}${HEALTH_PATHS.ready}`)).status).toBe(200);
    const stopping = shop.shutdown();
    const ready = await fetch(`${base}${HEALTH_PATHS.ready}`);
    expect(ready.status).toBe(503);
    expect(healthResponseSchema.parse(await ready.json())).toEqual({ status: 'unavailable', problems: ['shutting_down'] });
    // Still alive, and still serving the shop until the drain period ends.
    expect((await fetch(`${base}${HEALTH_PATHS.live}`)).status).toBe(200);
    await stopping;
    await expect(fetch(`${base}${HEALTH_PATHS.live}`)).rejects.toThrow();
  });
});
