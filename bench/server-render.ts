import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResult } from './results-file.ts';
import { measureServerLoad } from './server-load.ts';
import { buildServer } from './server-build.ts';
import type { LoadFigure } from './server-load-report.ts';

/**
 * A goods page drawn on the server (the built shop's own code, WEB_DIST) against the API's answer
 * for the same product, on the server-load bench's three processes (server, bare Fastify hello
 * world, autocannon), SQLite, 10 connections. Targets: at least 1,000 pages a second, and no more
 * than 3 times slower than the API answer. The server keeps its drawings while their answers do
 * not change, so this is the warm cache a busy page sees.
 */
export const PAGES_PER_SECOND_TARGET = 1000;
export const SLOWER_THAN_API_AT_MOST = 3;

const row = (f: LoadFigure) => `| ${f.name} | ${f.requestsPerSecond} | ${(f.ratio * 100).toFixed(1)} % (${(f.ratioMin * 100).toFixed(1)}–${(f.ratioMax * 100).toFixed(1)} %) | ${f.serverCpuUs} | ${f.latencyP99Ms} ms | ${f.errors + f.non2xx} |`;

export async function measureServerRender(): Promise<string> {
  const buildDir = mkdtempSync(join(tmpdir(), 'simshop-bench-render-'));
  try {
    const result = await measureServerLoad({ build: buildServer(buildDir), seconds: Number(process.env.BENCH_SECONDS ?? 10), repeat: Number(process.env.BENCH_REPEAT ?? 3), only: ['product detail', 'goods page'] });
    const page = result.figures.find((f) => f.name.startsWith('goods page'))!;
    const api = result.figures.find((f) => f.name.startsWith('product detail'))!;
    const slower = api.requestsPerSecond / Math.max(1, page.requestsPerSecond);
    const ok = (pass: boolean) => (pass ? '✓' : '✗');
    const body = [
      '| target | per second (median round) | ratio to hello world (min–max) | server CPU µs per request | p99 | errors |',
      '|---|---|---|---|---|---|',
      row(page),
      row(api),
      '',
      `- Pages a second: **${page.requestsPerSecond}** (target ≥ ${PAGES_PER_SECOND_TARGET}) ${ok(page.requestsPerSecond >= PAGES_PER_SECOND_TARGET)}`,
      `- The page against the API's answer for the same product: **${slower.toFixed(2)}×** slower (target ≤ ${SLOWER_THAN_API_AT_MOST}×) ${ok(slower <= SLOWER_THAN_API_AT_MOST)}; by server CPU ${(page.serverCpuUs / Math.max(1, api.serverCpuUs)).toFixed(2)}×`,
    ].join('\n');
    return writeResult('server-render', { title: 'Server rendering', command: 'npx tsx bench/server-render.ts', data: { page, api, slower }, body });
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureServerRender());
