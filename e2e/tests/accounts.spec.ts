import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@simshop/contract';
import { codeSentTo, signInAs, uniqueEmail } from './support/accounts';
import { EN, ZH, dialog, navTitle, toast } from './support/shop';

/** Account journeys, each in English and in Chinese: texts are written out to catch wrong translations. */
const T = {
  en: { register: 'Register', password: 'Password', code: 'Verification code', create: 'Create account', signIn: 'Sign in', member: 'Member', reseller: 'Reseller', signOut: 'Sign out', confirm: 'Confirm', wrong: 'The account or password is incorrect', changed: 'Password changed', save: 'Save', foreign: 'Foreign reseller', accountIncorrect: 'The account is incorrect', expired: 'Your sign-in has expired. Please sign in again.' },
  'zh-Hans': { register: '注册', password: '密码登录', code: '验证码登录', create: '注册账号', signIn: '登录', member: '会员', reseller: '分销商', signOut: '退出登录', confirm: '确定', wrong: '账号或密码错误', changed: '密码已修改', save: '保存', foreign: '境外分销商', accountIncorrect: '账号错误', expired: '登录已过期，请重新登录' },
} as const;

async function fill(page: Page, name: string, value: string) {
  await page.locator(`input[name="${name}"]`).fill(value);
}

/** Sends a code: the browser solves the server's proof-of-work challenge in a worker first. */
async function sendCode(page: Page, account: string) {
  const button = page.locator('.code-sender button.adm-button').first();
  await button.click();
  const code = await codeSentTo(account);
  // The button counts down to a resend: no image to read, no dead button.
  await expect(button).toHaveText(/\d/);
  return code;
}

async function signInWithPassword(page: Page, account: string, password: string, text: (typeof T)['en' | 'zh-Hans']) {
  await page.goto('pages/login/regular');
  await fill(page, 'account', account);
  await fill(page, 'password', password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/pages\/mine\/index/);
  await expect(page.locator('.user-role')).toHaveText(text.member);
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`accounts (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('register with an email code, sign out, sign in with the password, change it', async ({ page }) => {
      const email = uniqueEmail('journey');
      await page.goto('pages/login/regular?redirect=%2Fpages%2Fmine%2Findex');
      await expect(navTitle(page)).toHaveText(l.text.loginTitle);
      await page.locator('.adm-tabs-tab').filter({ hasText: text.register }).click();
      await fill(page, 'account', email);
      const code = await sendCode(page, email);
      await fill(page, 'code', code);
      await fill(page, 'password', 'secret123');
      await fill(page, 'nickname', 'Ann');
      await page.locator('form button[type="submit"]').filter({ hasText: text.create }).click();
      await expect(page).toHaveURL(/\/pages\/mine\/index/);
      await expect(page.locator('.user-name')).toHaveText(l.text.greeting);

      await page.locator('.adm-list-item').filter({ hasText: text.signOut }).click();
      await expect(dialog(page)).toContainText(l.text.logoutContent);
      await page.locator('.adm-dialog-button').filter({ hasText: text.confirm }).click();
      await expect(page.locator('.user-name')).not.toHaveText(l.text.greeting);
      expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();

      await signInWithPassword(page, email, 'secret123', text);

      await page.goto('pages/mine/modify-passwd');
      await fill(page, 'oldPassword', 'secret123');
      await fill(page, 'newPassword', 'secret123');
      await fill(page, 'confirmPassword', 'secret123');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.field-error')).toHaveCount(1);
      await fill(page, 'newPassword', 'better456');
      await fill(page, 'confirmPassword', 'better456');
      await page.locator('form button[type="submit"]').click();
      await expect(toast(page)).toContainText(text.changed);

      await page.evaluate(() => localStorage.clear());
      await signInWithPassword(page, email, 'better456', text);
    });

    test('a wrong password shows the catalogue message', async ({ page }) => {
      await page.goto('pages/login/regular');
      await fill(page, 'account', 'demo@simshop.local');
      await fill(page, 'password', 'not-the-password');
      await page.locator('form button[type="submit"]').click();
      await expect(toast(page)).toContainText(text.wrong);
      await expect(page).toHaveURL(/\/pages\/login\/regular/);
    });

    test('an expired session offers sign-in and clears the stored session', async ({ page }) => {
      await page.goto('pages/mine/index');
      await signInAs(page, 'demo@simshop.local');
      await page.evaluate((k) => localStorage.setItem(k, JSON.stringify('x'.repeat(43))), STORAGE_KEYS.token);
      await page.goto('pages/mine/user-info');
      await expect(dialog(page)).toContainText(text.expired);
      expect(await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS.token)).toBeNull();
      await page.locator('.adm-dialog-button').filter({ hasText: l.text.signIn }).click();
      await expect(page).toHaveURL(/\/pages\/login\/regular\?redirect=/);
    });

    test('resellers sign in on their page; a foreign reseller needs the switch', async ({ page }) => {
      await page.goto('pages/login/reseller');
      await fill(page, 'account', 'reseller@simshop.local');
      await fill(page, 'password', 'demo1234');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/pages\/mine\/index/);
      await expect(page.locator('.user-role')).toHaveText(text.reseller);

      await page.evaluate(() => localStorage.clear());
      await page.goto('pages/login/reseller');
      await fill(page, 'account', 'foreign@simshop.local');
      await fill(page, 'password', 'demo1234');
      await page.locator('form button[type="submit"]').click();
      await expect(toast(page)).toContainText(text.accountIncorrect);
      await page.getByRole('switch', { name: text.foreign }).click();
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.user-role')).toHaveText(text.reseller);
    });
  });
}
