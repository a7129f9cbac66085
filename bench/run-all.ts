import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureLoad } from './load.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureExport } from './export.ts';

/** `npm run bench`: page weight of the build, load on the server and the largest export; results to bench/results/. */
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });

const weight = measurePageWeight();
const load = await measureLoad(Number(process.env.BENCH_SECONDS ?? 10));
const exports = measureExport();
const when = new Date().toISOString();
const machine = `${cpus().length} cores, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`;

writeFileSync(join(results, 'latest.json'), `${JSON.stringify({ when, machine, weight, load, exports }, null, 2)}\n`);
const md = [
  `# Benchmark results`,
  ``,
  `${when}, ${machine}. Produced by \`npm run bench\`; not a test, a measurement.`,
  ``,
  `## Page weight (gzip)`,
  ``,
  `First screen: **${kb(weight.firstScreenGzipBytes)}**; whole build ${kb(weight.totalGzipBytes)} in ${weight.chunkCount} JS chunks.`,
  ``,
  `| file | raw | gzip |`,
  `|---|---|---|`,
  ...weight.firstScreenFiles.map((f) => `| ${f.file} | ${kb(f.bytes)} | ${kb(f.gzipBytes)} |`),
  ``,
  `## Load (autocannon, 10 connections, loopback)`,
  ``,
  `| target | req/s | p50 ms | p99 ms | errors | non-2xx |`,
  `|---|---|---|---|---|---|`,
  ...load.map((l) => `| ${l.name} | ${l.requestsPerSecond} | ${l.latencyP50Ms} | ${l.latencyP99Ms} | ${l.errors} | ${l.non2xx} |`),
  ``,
  `## Largest export (rendering the file, median of 5)`,
  ``,
  `| format | rows | ms | size |`,
  `|---|---|---|---|`,
  ...exports.map((e) => `| ${e.format} | ${e.rows} | ${e.ms} | ${kb(e.bytes)} |`),
  ``,
].join('\n');
writeFileSync(join(results, 'latest.md'), md);
console.log(md);
