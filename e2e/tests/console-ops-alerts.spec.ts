import { expect, test } from '@playwright/test';
import { consoleSignIn, expectAccessible } from './support/console';

/** A staff member turns their own failure alerts on and off from My account, with the keyboard. */
test('failure alerts are switched on and off from My account with the keyboard, in either language', async ({ page }) => {
  await consoleSignIn(page, 'operator', 'en', 'account');
  const alerts = page.getByRole('switch', { name: 'Mail me when something fails' });
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expect(alerts).toBeEnabled();
  await alerts.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('You will be mailed when something fails')).toBeVisible();
  await expect(alerts).toHaveAttribute('aria-checked', 'true');
  // Kept: a fresh load reads it from the server.
  await page.reload();
  await expect(alerts).toHaveAttribute('aria-checked', 'true');

  // In Chinese, with Enter.
  await consoleSignIn(page, 'operator', 'zh-Hans', 'account');
  const zh = page.getByRole('switch', { name: '出现故障时给我发邮件' });
  await expect(zh).toHaveAttribute('aria-checked', 'true');
  // Saved while the console was in English: it says the mails come in the other language.
  await expect(page.getByText('您的提醒邮件使用另一种语言')).toBeVisible();
  await zh.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('故障提醒已关闭')).toBeVisible();
  await expect(zh).toHaveAttribute('aria-checked', 'false');
});

test('support, who has no jobs page, sees no alert switch', async ({ page }) => {
  await consoleSignIn(page, 'support', 'en', 'account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Two-step sign-in').first()).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  // The assistants this member approved for the staff tools: none yet.
  const assistants = page.getByTestId('staff-assistants');
  await expect(assistants.getByText('Connected assistants')).toBeVisible();
  await expect(assistants.getByText('No assistant has your approval.')).toBeVisible();
  await expectAccessible(page);
});
