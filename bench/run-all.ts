import { measureAllEngines } from './server-load.ts';
import { writeServerLoad } from './server-load-report.ts';
import { lighthouseMarkdown, measureLighthouse } from './lighthouse.ts';
import { measurePageWeight, pageWeightMarkdown } from './page-weight.ts';
import { measurePhoneLcp, phoneLcpMarkdown } from './phone-lcp.ts';
import { exportMarkdown, measureExport } from './export.ts';
import { writeResult } from './results-file.ts';
import { backupMarkdown, measureBackup } from './backup.ts';
import { measureRetention, retentionMarkdown } from './retention.ts';

/**
 * `npm run bench`: the first screen's weight, Lighthouse scores and LCP at a phone's speed of the built shop (run
 * `npm run build` first; WEB_DIST picks another build), load on the server (its own process,
 * against hello world; PostgreSQL too when BENCH_POSTGRES_URL is set), the largest export, a backup of a
 * shop with 100 000 orders under checkouts and the retention round at a year's volume.
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
const backup = await measureBackup();
const backups = writeResult('backup', { title: `Backup of a shop with ${backup.orders.toLocaleString('en')} orders`, command: 'npm run bench', data: backup, body: backupMarkdown(backup) });
const retention = await measureRetention();
const rounds = writeResult('retention', { title: 'Retention round at a year of volume', command: 'npm run bench', data: retention, body: retentionMarkdown(retention.results) });
console.log([pages, scores, paints, load, files, backups, rounds].join('\n'));
