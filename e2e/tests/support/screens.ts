import { test, type Locator, type Page } from '@playwright/test';
import { basename } from 'node:path';
import { CONSOLE_VIEWPORT } from './console';

/**
 * With E2E_SHOTS_DIR set, keeps a picture of the page, or of one part of it, as
 * `<spec>-<name>.png` there for a person to look at; without it, does nothing: the journeys check
 * what a screen shows themselves (axe, geometry, texts), and a picture nobody opens costs the run
 * CPU. A dialog caught opening is half transparent, so the picture waits for animations to end.
 */
export async function keepScreen(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  const path = `${dir}/${basename(test.info().file).replace(/\.spec\.ts$/, '')}-${name}.png`;
  const page = 'page' in target ? target.page() : target;
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  if ('page' in target) await target.screenshot({ path });
  else await target.screenshot({ path, fullPage: options.fullPage });
}

/** A console screen kept at 1440 and 1280 px (`<name>-1440`, `<name>-1280`), as keepScreen does. */
export async function consoleScreens(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS_DIR) return;
  await keepScreen(page, `${name}-1440`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: CONSOLE_VIEWPORT.height });
  await keepScreen(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(CONSOLE_VIEWPORT);
}
