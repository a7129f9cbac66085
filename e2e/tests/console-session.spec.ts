import { expect, test } from '@playwright/test';
import { expectOpen } from './support/antd';
import { CONSOLE_VIEWPORT, consoleUrl } from './support/console';

/**
 * The shop and the console share one origin: the staff session is an HttpOnly cookie sent only to
 * the admin API, so no script on that origin (a shop page's included) can read it, and signing
 * out removes it.
 */
test('the staff session is an HttpOnly cookie of the admin API that no page script reads; signing out removes it', async ({ page, context }) => {
  await page.setViewportSize(CONSOLE_VIEWPORT);
  await page.goto(consoleUrl('login'));
  await page.getByLabel('Email').fill('owner@simshop.local');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const userMenu = page.getByRole('button', { name: /Owner/ });
  await expect(userMenu).toBeVisible();

  const session = (await context.cookies()).find((c) => c.name === 'simshop_staff');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/fetch/admin' });

  // What a script on a shop page can read: neither the cookie nor the token anywhere in storage.
  await page.goto('/uni/pages/index/index');
  const readable = await page.evaluate(() => ({ cookie: document.cookie, storage: JSON.stringify({ ...localStorage, ...sessionStorage }) }));
  expect(readable.cookie).not.toContain('simshop_staff');
  expect(readable.storage).not.toContain(session!.value);

  await page.goto(consoleUrl(''));
  // The menu opens from the keyboard as from a click.
  await userMenu.focus();
  await page.keyboard.press('Enter');
  // Pressed once the menu has opened: during its animation a click may not take.
  const signOut = page.getByRole('menuitem', { name: /Sign out/ });
  await expectOpen(page.locator('.ant-dropdown').filter({ has: signOut }));
  await signOut.click();
  await expect(page).toHaveURL(/\/console\/login/);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'simshop_staff')).toBe(false);
  await page.goto(consoleUrl('orders'));
  await expect(page).toHaveURL(/\/console\/login\?redirect=/);
});
