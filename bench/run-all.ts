import { measureAllEngines } from './server-load.ts';
import { writeServerLoad } from './server-load-report.ts';
import { lighthouseMarkdown, measureLighthouse } from './lighthouse.ts';
import { measurePageWeight, pageWeightMarkdown } from './page-weight.ts';
import { measurePhoneLcp, phoneLcpMarkdown } from './phone-lcp.ts';
import { exportMarkdown, measureExport } from './export.ts';
import { writeResult } from './results-file.ts';

/**
 * `npm run bench`: the first screen's weight, Lighthouse scores and LCP at a phone's speed of the built shop (run
 * `npm run build` first; WEB_DIST picks another build), load on the server (its own process,
 * against hello world; PostgreSQL too when BENCH_POSTGRES_URL is set) and the largest export.
 * Each benchmark replaces its one current result, bench/results/<benchmark>.{md,json}.
 */
const weight = await measurePageWeight();
const pages = writeResult('page-weight', { title: 'First screen', command: 'npm run bench', data: { weight }, body: pageWeightMarkdown(weight) });
const lighthouse = await measureLighthouse();
const scores = writeResult('lighthouse', { title: 'Lighthouse', command: 'npm run bench', data: { lighthouse }, body: lighthouseMarkdown(lighthouse) });
const phoneLcp = await measurePhoneLcp();
const paints = writeResult('phone-lcp', { title: "LCP at a phone's speed", command: 'npm run bench', data: { phoneLcp }, body: phoneLcpMarkdown(phoneLcp) });
const load = writeServerLoad(await measureAllEngines());
const exports = measureExport();
const files = writeResult('export', { title: 'Exports', command: 'npm run bench', data: { exports }, body: exportMarkdown(exports) });
console.log([pages, scores, paints, load, files].join('\n'));
