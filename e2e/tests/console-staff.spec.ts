import { expect, test } from '@playwright/test';
import { consoleSignIn, consoleUrl, expectAccessible } from './support/console';

test.describe('console: sign-in, staff and audit', () => {
  for (const lang of ['en', 'zh-Hans'] as const) {
    test(`the owner adds a support member, who signs in and cannot open staff (${lang})`, async ({ page, browser }) => {
      const en = lang === 'en';
      await consoleSignIn(page, 'owner', lang);
      await expectAccessible(page);
      await page.goto(consoleUrl('staff'));
      await expect(page.getByRole('heading', { name: en ? 'Staff' : '员工' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: en ? 'Add staff member' : '添加员工' }).click();
      const email = `helper-${lang}-${Date.now()}@simshop.local`;
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(en ? 'Email' : '邮箱').fill(email);
      await dialog.getByLabel(en ? 'Name' : '姓名').fill('Helper');
      await dialog.getByRole('button', { name: en ? 'Create' : /新\s*建/ }).click();
      const password = (await page.getByTestId('one-time-password').innerText()).trim();
      expect(password.length).toBeGreaterThanOrEqual(12);

      // The new member signs in elsewhere and is refused the staff page.
      const other = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 } });
      const second = await other.newPage();
      await second.goto(consoleUrl('login'));
      await second.evaluate((l) => localStorage.setItem('simshop.console.language', l), lang);
      await second.reload();
      await second.getByLabel(en ? 'Email' : '邮箱').fill(email);
      await second.getByLabel(en ? 'Password' : '密码', { exact: true }).fill(password);
      await second.getByRole('button', { name: en ? 'Sign in' : /登\s*录/ }).click();
      await expect(second).not.toHaveURL(/\/login/);
      // A one-time password is replaced before anything else opens.
      await expect(second.getByRole('heading', { name: en ? 'Set your own password' : '设置您自己的密码' })).toBeVisible();
      await expectAccessible(second);
      await second.getByLabel(en ? 'One-time password' : '一次性密码').fill(password);
      await second.getByLabel(en ? 'New password' : '新密码', { exact: true }).fill('helper-own-password');
      await second.getByLabel(en ? 'New password again' : '再次输入新密码').fill('helper-own-password');
      await second.getByRole('button', { name: en ? 'Set password' : /设置密码/ }).click();
      await expect(second.getByRole('heading', { name: en ? 'Set your own password' : '设置您自己的密码' })).toBeHidden();
      await second.goto(consoleUrl('staff'));
      await expect(second.getByText(en ? 'No access' : '无权访问')).toBeVisible();
      await other.close();

      // The owner's audit log shows who added whom.
      await page.goto(consoleUrl(`audit?action=staff.create`));
      await expect(page.locator('.audit-what').getByText(en ? 'Added a staff member' : '添加员工', { exact: true }).first()).toBeVisible();
      await expect(page.getByText(email).first()).toBeVisible();

      // The member's sign-in is among the security events.
      await page.getByText(en ? 'Security events' : '安全事件').click();
      await expect(page).toHaveURL(/view=security/);
      await page.getByRole('searchbox', { name: en ? 'Account' : '账号' }).fill(email);
      await page.getByRole('searchbox', { name: en ? 'Account' : '账号' }).press('Enter');
      await expect(page.getByText(en ? 'Signed in' : '登录成功').first()).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('a wrong password is said in words, and a customer token does not open the console', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(consoleUrl('orders'));
    await expect(page).toHaveURL(/\/console\/login\?redirect=/);
    await page.getByLabel('Email').fill('owner@simshop.local');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The email, password or authenticator code is incorrect')).toBeVisible();
  });
});
