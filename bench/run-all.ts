import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureAllEngines, serverLoadMarkdown, writeServerLoad } from './server-load.ts';
import { measureLighthouse, TARGET_SCORE } from './lighthouse.ts';
import { BUDGET, measurePageWeight } from './page-weight.ts';
import { measurePhoneLcp } from './phone-lcp.ts';
import { measureExport } from './export.ts';

/**
 * `npm run bench`: the first screen's weight, Lighthouse scores and LCP at a phone's speed of the built shop (run
 * `npm run build` first; WEB_DIST picks another build), load on the server (its own process,
 * against hello world; PostgreSQL too when BENCH_POSTGRES_URL is set) and the largest export;
 * results to bench/results/ (latest.* for all, lighthouse.* and server-load.* for those alone).
 */
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });

const weight = await measurePageWeight();
const lighthouse = await measureLighthouse();
const phoneLcp = await measurePhoneLcp();
const load = await measureAllEngines();
writeServerLoad(load);
const exports = measureExport();
const when = new Date().toISOString();
const machine = `${cpus().length} cores, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`;

writeFileSync(join(results, 'latest.json'), `${JSON.stringify({ when, machine, weight, lighthouse, phoneLcp, load, exports }, null, 2)}\n`);
const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
const lighthouseMd = [
  `## Lighthouse ${'12'}, mobile, simulated throttling (target ≥ ${TARGET_SCORE})`,
  ``,
  `| page | score (median) | runs | FCP | LCP | TBT | CLS | Speed Index |`,
  `|---|---|---|---|---|---|---|---|`,
  ...lighthouse.map((r) => `| ${r.page} | **${r.score}**${r.score >= TARGET_SCORE ? '' : ' ✗'} | ${r.scores.join(', ')} | ${ms(r.metrics.fcp)} | ${ms(r.metrics.lcp)} | ${ms(r.metrics.tbt)} | ${Number.isFinite(r.metrics.cls) ? r.metrics.cls : '—'} | ${ms(r.metrics.speedIndex)} |${r.error ? ` ${r.error}` : ''}`),
];
const phoneLcpMd = [
  `## Largest Contentful Paint at a phone's speed (chromium throttled: 562.5 ms round trip, 1.47 Mbit/s, CPU 4x; median of runs)`,
  ``,
  `| page | FCP | LCP | runs | LCP element |`,
  `|---|---|---|---|---|`,
  ...phoneLcp.map((r) => `| ${r.page} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${r.runs.join(', ')} | \`${r.element}\` |`),
];
writeFileSync(join(results, 'lighthouse.json'), `${JSON.stringify({ when, machine, lighthouse }, null, 2)}\n`);
writeFileSync(join(results, 'phone-lcp.json'), `${JSON.stringify({ when, machine, phoneLcp }, null, 2)}\n`);
writeFileSync(join(results, 'lighthouse.md'), `# Lighthouse\n\n${when}, ${machine}. Produced by \`npm run bench\`.\n\n${lighthouseMd.slice(2).join('\n')}\n`);
const md = [
  `# Benchmark results`,
  ``,
  `${when}, ${machine}. Produced by \`npm run bench\`; not a test, a measurement.`,
  ``,
  `## First screen of /uni/ (chromium at 390 px, bytes on the wire)`,
  ``,
  `JS and CSS: **${kb(weight.scriptAndStyleBytes)} in ${weight.scriptAndStyleRequests} requests** (budget ${kb(BUDGET.scriptAndStyleBytes)} in ${BUDGET.scriptAndStyleRequests}: ${weight.withinBudget ? 'within' : '**over**'}); everything: ${kb(weight.totalBytes)} in ${weight.totalRequests} requests.`,
  ``,
  `| request | type | encoding | on the wire |`,
  `|---|---|---|---|`,
  ...weight.requests.map((r) => `| ${r.url} | ${r.type} | ${r.encoding} | ${kb(r.wireBytes)} |`),
  ``,
  ...lighthouseMd,
  ``,
  ...phoneLcpMd,
  ``,
  serverLoadMarkdown(load),
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
