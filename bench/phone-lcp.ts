import { chromium } from 'playwright-core';
import { writeResult } from './results-file.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchServer, storefrontPages } from './web-server.ts';

/**
 * Largest Contentful Paint as a phone on a slow network sees it: chromium itself throttled
 * (Lighthouse's "applied" slow-4G values: 562.5 ms round trip, 1.47 Mbit/s down, 0.68 Mbit/s up;
 * CPU 4x slower) loading the real server, the browser's own LCP entry read from the page. It
 * complements Lighthouse's simulated throttling, which models the network from one unthrottled
 * trace and so does not see the connections a page waits for (six per host over HTTP/1.1) or
 * what the HTML brings with it. RUNS loads per page, the median kept.
 */
const RUNS = Number(process.env.PHONE_LCP_RUNS ?? 3);
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** Run in the page (as text: this program is not typed for the DOM): FCP, the last LCP entry and its element. */
const READ_PAINTS = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    const element = last?.element ? last.element.tagName.toLowerCase() + '.' + [...last.element.classList].join('.') : '';
    resolve({ fcp: Math.round(fcp), lcp: Math.round(last?.startTime ?? NaN), element });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

export interface PhoneLcp {
  page: string;
  path: string;
  /** Medians over the runs, in ms. */
  fcp: number;
  lcp: number;
  runs: number[];
  /** The LCP element of the median run: tag and class. */
  element: string;
}

export async function measurePhoneLcp(): Promise<PhoneLcp[]> {
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results: PhoneLcp[] = [];
    for (const { page: name, path } of await storefrontPages(server)) {
      const runs: Array<{ fcp: number; lcp: number; element: string }> = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
        // LCP candidates stop at the first input; none comes, so wait until the page has settled.
        await page.waitForTimeout(5000);
        runs.push((await page.evaluate(READ_PAINTS)) as { fcp: number; lcp: number; element: string });
        await context.close();
      }
      const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp);
      const median = byLcp[Math.floor(byLcp.length / 2)]!;
      const fcps = runs.map((r) => r.fcp).sort((a, b) => a - b);
      results.push({ page: name, path, fcp: fcps[Math.floor(fcps.length / 2)]!, lcp: median.lcp, runs: runs.map((r) => r.lcp), element: median.element });
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');

export function phoneLcpMarkdown(results: PhoneLcp[]): string {
  return [
    `## Largest Contentful Paint at a phone's speed (chromium throttled: 562.5 ms round trip, 1.47 Mbit/s, CPU 4x; median of ${RUNS} loads)`,
    ``,
    `| page | FCP | LCP | runs | LCP element |`,
    `|---|---|---|---|---|`,
    ...results.map((r) => `| ${r.page} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${r.runs.join(', ')} | \`${r.element}\` |`),
  ].join('\n');
}

// `npx tsx bench/phone-lcp.ts` (WEB_DIST picks the build): writes bench/results/phone-lcp.{md,json}.
if (import.meta.url === `file://${process.argv[1]}`) {
  const phoneLcp = await measurePhoneLcp();
  console.log(writeResult('phone-lcp', { title: "LCP at a phone's speed", command: 'npx tsx bench/phone-lcp.ts', data: { phoneLcp }, body: phoneLcpMarkdown(phoneLcp) }));
}
