import { chromium } from 'playwright-core';
import { writeResult } from './results-file.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, startBenchServer } from './web-server.ts';

/**
 * What the first screen of /uni/ really costs a phone: the home page loaded in chromium at 390 px
 * from the real server (brotli as a browser asks for it), every request counted with the bytes it
 * took on the wire (compressed body), until the network has been quiet. The budget:
 * at most 170 KB of JS and CSS in at most 15 requests.
 */
export const BUDGET = { scriptAndStyleBytes: 170 * 1024, scriptAndStyleRequests: 15 };

export interface WeighedRequest {
  url: string;
  type: string;
  encoding: string;
  wireBytes: number;
}

export interface PageWeight {
  page: string;
  scriptAndStyleBytes: number;
  scriptAndStyleRequests: number;
  totalBytes: number;
  totalRequests: number;
  withinBudget: boolean;
  requests: WeighedRequest[];
}

export async function measurePageWeight(path = '/uni/'): Promise<PageWeight> {
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const pending: Array<Promise<WeighedRequest>> = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          return { url: request.url().replace(server.origin, ''), type: request.resourceType(), encoding: (await response?.headerValue('content-encoding')) ?? 'identity', wireBytes: sizes.responseBodySize };
        })(),
      );
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    const requests = await Promise.all(pending);
    await context.close();
    const scripts = requests.filter((r) => r.type === 'script' || r.type === 'stylesheet');
    const scriptAndStyleBytes = scripts.reduce((s, r) => s + r.wireBytes, 0);
    return {
      page: path,
      scriptAndStyleBytes,
      scriptAndStyleRequests: scripts.length,
      totalBytes: requests.reduce((s, r) => s + r.wireBytes, 0),
      totalRequests: requests.length,
      withinBudget: scriptAndStyleBytes <= BUDGET.scriptAndStyleBytes && scripts.length <= BUDGET.scriptAndStyleRequests,
      requests,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function pageWeightMarkdown(weight: PageWeight): string {
  return [
    `## First screen of ${weight.page} (chromium at 390 px, bytes on the wire)`,
    ``,
    `JS and CSS: **${kb(weight.scriptAndStyleBytes)} in ${weight.scriptAndStyleRequests} requests** (budget ${kb(BUDGET.scriptAndStyleBytes)} in ${BUDGET.scriptAndStyleRequests}: ${weight.withinBudget ? 'within' : '**over**'}); everything: ${kb(weight.totalBytes)} in ${weight.totalRequests} requests.`,
    ``,
    `| request | type | encoding | on the wire |`,
    `|---|---|---|---|`,
    ...weight.requests.map((r) => `| ${r.url} | ${r.type} | ${r.encoding} | ${kb(r.wireBytes)} |`),
  ].join('\n');
}

// `npx tsx bench/page-weight.ts [path]` (WEB_DIST picks the build): writes bench/results/page-weight.{md,json}.
if (import.meta.url === `file://${process.argv[1]}`) {
  const weight = await measurePageWeight(process.argv[2]);
  console.log(writeResult('page-weight', { title: 'First screen', command: 'npx tsx bench/page-weight.ts', data: { weight }, body: pageWeightMarkdown(weight) }));
}
