import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeResult } from './results-file.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchServer, storefrontPages } from './web-server.ts';

/**
 * Lighthouse 12, mobile preset (Moto G Power, simulated slow 4G and 4x CPU slowdown), against the
 * real server serving the built shop: home, a goods page, a destination's page, a blog post and
 * the cart. Targets: performance and best practices ≥ 95, accessibility and SEO 100. Each page is
 * run RUNS times and the run with the median performance score is kept, as one run on a shared
 * machine is noisy (the other categories do not depend on the machine's speed).
 */
export const TARGET_SCORE = 95;
export const CATEGORY_TARGETS = { accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type OtherCategory = keyof typeof CATEGORY_TARGETS;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseResult {
  page: string;
  path: string;
  /** Median of the runs, 0–100. */
  score: number;
  scores: number[];
  /** Why the page could not be measured (it did not paint, the run failed). */
  error?: string;
  /** Of the median run, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number; tti: number };
  /** Of the median run, 0–100; and the audits that cost points there. */
  categories?: Record<OtherCategory, number>;
  failing?: string[];
}

const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', cls: 'cumulative-layout-shift', speedIndex: 'speed-index', tti: 'interactive' } as const;

export async function measureLighthouse(): Promise<LighthouseResult[]> {
  const server = await startBenchServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] });
  try {
    const results: LighthouseResult[] = [];
    for (const { page, path } of await storefrontPages(server)) {
      const runs: LighthouseResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', ...(Object.keys(CATEGORY_TARGETS) as OtherCategory[])] });
        const lhr = result?.lhr;
        // A page that fails is a result too (score 0), not the end of the bench.
        const error = !lhr ? 'no result' : lhr.runtimeError?.message;
        if (!lhr || error) {
          runs.push({ page, path, score: 0, scores: [], error, metrics: { fcp: Number.NaN, lcp: Number.NaN, tbt: Number.NaN, cls: Number.NaN, speedIndex: Number.NaN, tti: Number.NaN } });
          continue;
        }
        const metric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * (id === METRICS.cls ? 1000 : 1)) / (id === METRICS.cls ? 1000 : 1);
        runs.push({
          page,
          path,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          scores: [],
          metrics: { fcp: metric(METRICS.fcp), lcp: metric(METRICS.lcp), tbt: metric(METRICS.tbt), cls: metric(METRICS.cls), speedIndex: metric(METRICS.speedIndex), tti: metric(METRICS.tti) },
          categories: Object.fromEntries((Object.keys(CATEGORY_TARGETS) as OtherCategory[]).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<OtherCategory, number>,
          failing: (Object.keys(CATEGORY_TARGETS) as OtherCategory[]).flatMap((c) => (lhr.categories[c]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`)),
        });
      }
      const sorted = [...runs].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      results.push({ ...median, scores: runs.map((r) => r.score) });
    }
    return results;
  } finally {
    chrome.kill();
    await server.close();
  }
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');

export function lighthouseMarkdown(results: LighthouseResult[]): string {
  return [
    `## Lighthouse 12, mobile, simulated throttling (performance ≥ ${TARGET_SCORE}, accessibility ${CATEGORY_TARGETS.accessibility}, best practices ≥ ${CATEGORY_TARGETS['best-practices']}, SEO ${CATEGORY_TARGETS.seo})`,
    ``,
    `| page | performance (median) | runs | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index |`,
    `|---|---|---|---|---|---|---|---|---|---|---|`,
    ...results.map((r) => {
      const other = (c: OtherCategory) => (r.categories ? `${r.categories[c]}${r.categories[c] >= CATEGORY_TARGETS[c] ? ' ✓' : ' ✗'}` : '—');
      return `| ${r.page} | **${r.score}**${r.score >= TARGET_SCORE ? ' ✓' : ' ✗'} | ${r.scores.join(', ')} | ${other('accessibility')} | ${other('best-practices')} | ${other('seo')} | ${ms(r.metrics.fcp)} | ${ms(r.metrics.lcp)} | ${ms(r.metrics.tbt)} | ${Number.isFinite(r.metrics.cls) ? r.metrics.cls : '—'} | ${ms(r.metrics.speedIndex)} |${r.error ? ` ${r.error}` : ''}`;
    }),
    ``,
    ...results.filter((r) => r.failing?.length).map((r) => `- ${r.page}: ${r.failing!.join(', ')}`),
  ].join('\n');
}

// `npx tsx bench/lighthouse.ts` (WEB_DIST picks the build): writes bench/results/lighthouse.{md,json}.
if (import.meta.url === `file://${process.argv[1]}`) {
  const lighthouse = await measureLighthouse();
  console.log(writeResult('lighthouse', { title: 'Lighthouse', command: 'npx tsx bench/lighthouse.ts', data: { lighthouse }, body: lighthouseMarkdown(lighthouse) }));
}
