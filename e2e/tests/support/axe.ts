import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG 2.x A/AA violations axe-core finds in the page (or only `within` these selectors), one line each. */
export async function axeViolations(page: Page, within?: readonly string[]): Promise<string[]> {
  // The page at rest: no element hovered by where the last click left the pointer (a hovered
  // link takes its lighter hover colour), no list loading, and no element fading, which has a mid-animation colour.
  await page.mouse.move(0, 0);
  // Nor a console table dimmed to half its contrast while it loads.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  // antd-mobile fades its masks (a toast's, a popup's) in JavaScript, which getAnimations() does not
  // list: a toast caught part-way has a mid-fade colour too.
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLElement>('.adm-mask')).every((mask) => mask.style.display === 'none' || mask.style.opacity === '' || Number(mask.style.opacity) === 1));
  // Evaluated through the devtools protocol: the console's Content-Security-Policy forbids inline
  // scripts, rightly. Once per document: parsing axe-core again for every check cost half a second.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | { include: string[][] }, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(include ? { include: include.map((s) => [s]) } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, within ? [...within] : null);
}

/** Runs axe-core (WCAG 2.x A and AA rules) in the page and fails on any serious or critical violation. */
export async function expectAccessible(page: Page, within?: readonly string[]): Promise<void> {
  const violations = await axeViolations(page, within);
  expect(violations, violations.join('\n')).toEqual([]);
}
