import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from './server-build.ts';
import { measureServerLoad } from './server-load.ts';
import type { LoadFigure } from './server-load-report.ts';

/**
 * What tracing costs the product list: one bundle of the current source, run alternately with
 * tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset: the SDK is not loaded) and on with 10 %
 * sampling (parentbased_traceidratio 0.1, OTLP over http/protobuf, the default) to a receiver in
 * this process that accepts every export and discards it. Each run is server-load.ts's
 * measurement (own server process, rounds alternating with hello world); the figure to read is
 * the ratio to hello world, median of each variant's runs. SQLite.
 *
 * `npx tsx bench/server-load-tracing.ts`: BENCH_RUNS runs per variant (3), BENCH_REPEAT rounds
 * per run (3), BENCH_SECONDS per round (10), BENCH_TARGETS (product list).
 */

/** An OTLP/HTTP endpoint that reads each export and answers 200; counts the exports. */
async function discardingReceiver(): Promise<{ url: string; exports: () => number; close(): Promise<void> }> {
  let exports = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/v1/traces') exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, exports: () => exports, close: () => new Promise((done) => server.close(() => done())) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export async function measureTracingCost(): Promise<string> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const opts = { seconds: Number(process.env.BENCH_SECONDS ?? 10), repeat: Number(process.env.BENCH_REPEAT ?? 3) };
  process.env.BENCH_TARGETS ??= 'product list';
  const buildDir = mkdtempSync(join(tmpdir(), 'simshop-bench-tracing-'));
  const receiver = await discardingReceiver();
  const variants: Array<{ name: string; serverEnv: Record<string, string> }> = [
    { name: 'tracing off', serverEnv: {} },
    { name: 'tracing on, 10 % sampled', serverEnv: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } },
  ];
  const figures = new Map<string, LoadFigure[][]>(variants.map((v) => [v.name, []]));
  try {
    const build = buildServer(buildDir);
    for (let run = 0; run < runs; run++) {
      for (const variant of variants) {
        const result = await measureServerLoad({ ...opts, build, serverEnv: variant.serverEnv });
        figures.get(variant.name)!.push(result.figures);
      }
    }
    if (receiver.exports() === 0) throw new Error('tracing on exported nothing: the variant did not trace');
  } finally {
    await receiver.close();
    rmSync(buildDir, { recursive: true, force: true });
  }
  const lines = ['| target | variant | ratio to hello world (per run) | median | server CPU µs/req (per run) | CPU ratio to hello (per run) |', '|---|---|---|---|---|---|'];
  const names = figures.get(variants[0]!.name)![0]!.map((f) => f.name);
  const medians = new Map<string, number>();
  for (const target of names) {
    for (const variant of variants) {
      const per = figures.get(variant.name)!.map((fs) => fs.find((f) => f.name === target)!);
      const m = median(per.map((f) => f.ratio));
      medians.set(`${target}|${variant.name}`, m);
      lines.push(`| ${target} | ${variant.name} | ${per.map((f) => pct(f.ratio)).join(', ')} | **${pct(m)}** | ${per.map((f) => f.serverCpuUs).join(', ')} | ${per.map((f) => pct(f.cpuRatio)).join(', ')} |`);
    }
    const off = medians.get(`${target}|${variants[0]!.name}`)!;
    const on = medians.get(`${target}|${variants[1]!.name}`)!;
    lines.push(`| ${target} | change with tracing | | **${((on / off - 1) * 100).toFixed(1)} %** (budget: at most −15 %) | | |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureTracingCost());
