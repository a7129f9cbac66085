import type { Page } from '@playwright/test';
import { CONSOLE_VIEWPORT } from './console';

/**
 * With E2E_SHOTS_DIR set, keeps a console screen at 1440 and 1280 px (`<name>-1440.png`, …) for a
 * person to look at; without it, does nothing. A dialog caught opening is half transparent, so the
 * picture waits for the page's animations to end.
 */
export async function consoleScreens(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: `${dir}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: CONSOLE_VIEWPORT.height });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(CONSOLE_VIEWPORT);
}
