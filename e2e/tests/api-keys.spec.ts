import { expect, test } from '@playwright/test';
import { signInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { at, LANGS, navTitle } from './support/shop';

/** Mine → API: a reseller makes a key by keyboard, sees its secret once, uses it, gives it a new secret and revokes it. */
const T = {
  en: { entry: 'API keys', newKey: 'New key', form: 'New API key', name: 'Name', read: 'Read (catalogue, balance, orders)', order: 'Order (spends the balance)', ips: 'Allowed addresses (optional)', submit: 'Make key', secretTitle: 'Your new secret', copy: 'Copy secret', saved: 'I have saved it', rotate: 'New secret', revoke: 'Revoke', confirm: 'Confirm', revoked: 'Revoked', invalid: 'This API key is unknown or was revoked: make a key in Mine → API', badIp: 'A parameter is invalid' },
  'zh-Hans': { entry: 'API 密钥', newKey: '新建密钥', form: '新建 API 密钥', name: '名称', read: '读取（商品、余额、订单）', order: '下单（使用余额）', ips: '允许的地址（可选）', submit: '创建密钥', secretTitle: '您的新密钥', copy: '复制密钥', saved: '我已保存', rotate: '更换密钥', revoke: '撤销', confirm: '确定', revoked: '已撤销', invalid: '该 API 密钥不存在或已被撤销：请在“我的 → API”中创建密钥', badIp: '参数无效' },
} as const;

for (const { lang, locale } of LANGS) {
  const text = T[lang];
  test.describe(`API keys (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a reseller makes, uses, rotates and revokes a key', async ({ page }) => {
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      await page.goto('pages/mine/index');
      await page.locator('.shortcut', { hasText: text.entry }).click();
      await expect(page).toHaveURL(at('/pages/mine/api'));
      await expect(navTitle(page)).toHaveText(text.entry);
      await expectAccessible(page);

      // Made by keyboard: the form opens on its name; Space ticks a scope; a bad address is refused beside the form.
      const name = `ERP ${lang} ${Date.now()}`;
      await page.getByRole('button', { name: text.newKey }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: text.form });
      await expect(form.getByLabel(text.name)).toBeFocused();
      await page.keyboard.type(name);
      await form.getByRole('checkbox', { name: text.order }).focus();
      await page.keyboard.press('Space');
      await expect(form.getByRole('checkbox', { name: text.order })).toBeChecked();
      await expect(form.getByRole('checkbox', { name: text.read })).toBeChecked();
      await form.getByLabel(text.ips).fill('10.0.0.300');
      await form.getByRole('button', { name: text.submit }).focus();
      await page.keyboard.press('Enter');
      await expect(form.getByRole('alert')).toContainText(text.badIp);
      await expectAccessible(page, ['.api-keys-sheet']);
      await form.getByLabel(text.ips).fill('');
      await form.getByRole('button', { name: text.submit }).focus();
      await page.keyboard.press('Enter');

      // The secret, once, with its warning; the copy button has the focus.
      const secretSheet = page.getByRole('dialog', { name: text.secretTitle });
      await expect(secretSheet).toBeVisible();
      await expect(secretSheet.getByRole('button', { name: text.copy })).toBeFocused();
      const secret = (await secretSheet.getByTestId('api-key-secret').textContent())!;
      expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
      await expectAccessible(page, ['.secret-sheet']);
      await secretSheet.getByRole('button', { name: text.saved }).click();
      await expect(secretSheet).toBeHidden();
      const card = page.locator('.api-key-card', { hasText: name });
      await expect(card).toContainText(secret.slice(0, 14));
      await expect(card).not.toContainText(secret.slice(14));

      // The secret works against the API.
      const balance = await page.request.get('/api/v1/balance', { headers: { authorization: `Bearer ${secret}` } });
      expect(balance.status()).toBe(200);

      // A new secret after a confirmation: the old one stops.
      await card.getByRole('button', { name: `${text.rotate}: ${name}` }).click();
      await page.locator('.adm-dialog-button', { hasText: text.confirm }).click();
      await expect(secretSheet).toBeVisible();
      const rotated = (await secretSheet.getByTestId('api-key-secret').textContent())!;
      expect(rotated).not.toBe(secret);
      await page.keyboard.press('Escape');
      await expect(secretSheet).toBeHidden();
      const old = await page.request.get('/api/v1/balance', { headers: { authorization: `Bearer ${secret}` } });
      expect(old.status()).toBe(401);
      expect((await old.json()).title).toBe(text.invalid);

      // Revoked after a confirmation: marked so, without actions, and refused by the API.
      await card.getByRole('button', { name: `${text.revoke}: ${name}` }).click();
      await page.locator('.adm-dialog-button', { hasText: text.confirm }).click();
      await expect(card.locator('.api-key-tag')).toHaveText(text.revoked);
      await expect(card.getByRole('button')).toHaveCount(0);
      expect((await page.request.get('/api/v1/balance', { headers: { authorization: `Bearer ${rotated}` } })).status()).toBe(401);
    });
  });
}
