import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { api, API_BASE, signRequest } from '@simshop/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

/**
 * Load on the real server over loopback: the home content call (signed, as the client sends it)
 * and the app shell. Bounded in time; only 127.0.0.1 is ever a target.
 */
export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
}

export async function measureLoad(seconds = 10, connections = 10): Promise<LoadResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: 'bench-signing-secret-0123456789', FILE_TOKEN_SECRET: 'bench-file-token-secret-012345', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const { app } = await buildApp({ config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const results: LoadResult[] = [];
  try {
    const body = JSON.stringify({ name: 'home', version: '1', i18n: 'en' });
    const query = 'action=get_cache';
    // One signature serves the whole run: the timestamp stays inside the 300 s tolerance.
    const headers = { ...signRequest(config.signing, { query, body }), 'content-type': 'application/json' };
    const targets = [
      { name: 'json-content get_cache', url: `http://127.0.0.1:${port}${API_BASE}${api.jsonContent.path}?${query}`, method: 'POST' as const, body, headers },
      { name: 'GET /uni/ (app shell)', url: `http://127.0.0.1:${port}/uni/`, method: 'GET' as const },
    ];
    for (const target of targets) {
      const r = await autocannon({ ...target, connections, duration: seconds });
      results.push({ name: target.name, requestsPerSecond: Math.round(r.requests.average), latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
