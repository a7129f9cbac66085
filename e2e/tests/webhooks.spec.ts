import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signInAs } from './support/accounts';
import { expectAccessible } from './support/axe';
import { at, LANGS, navTitle } from './support/shop';

/**
 * Mine → API → Webhooks: a reseller adds an endpoint by keyboard, sees its signing secret once,
 * sends a test event to a receiver this test runs, and sees the delivery in the log; the
 * receiver verifies the signature with the Standard Webhooks library.
 */
const T = {
  en: { entry: 'Webhooks', add: 'Add endpoint', form: 'Add a webhook endpoint', url: 'Endpoint URL', threshold: 'Low balance threshold', submit: 'Save', secretTitle: 'Signing secret', copy: 'Copy secret', done: 'Done', test: 'Send a test event', deliveries: 'Deliveries', delivered: 'Delivered', on: 'On' },
  'zh-Hans': { entry: 'Webhooks', add: '添加端点', form: '添加 Webhook 端点', url: '端点 URL', threshold: '余额不足阈值', submit: '保存', secretTitle: '签名密钥', copy: '复制密钥', done: '完成', test: '发送测试事件', deliveries: '投递记录', delivered: '已送达', on: '已开启' },
} as const;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
let base = '';
const received: Received[] = [];
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok from the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

for (const { lang, locale } of LANGS) {
  const text = T[lang];
  test.describe(`Webhooks (${lang})`, () => {
    test.use({ locale, extraHTTPHeaders: { 'accept-language': locale } });

    test('a reseller adds an endpoint, sees its secret once and a test event in the delivery log', async ({ page }) => {
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      await page.goto('pages/mine/api');
      await page.locator('.api-keys-links a').click();
      await expect(page).toHaveURL(at('/pages/mine/api/webhooks'));
      await expect(navTitle(page)).toHaveText(text.entry);
      await expectAccessible(page);

      // Added by keyboard: the form opens on its URL; Space ticks an event, which shows its threshold.
      const path = `/hook-${lang}-${Date.now()}`;
      const url = `${base}${path}`;
      await page.getByRole('button', { name: text.add }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('form', { name: text.form });
      await expect(form.getByLabel(text.url)).toBeFocused();
      await page.keyboard.type(url);
      const low = form.getByRole('checkbox', { name: /balance\.low/ });
      await low.focus();
      await page.keyboard.press('Space');
      await expect(low).toBeChecked();
      await expect(form.getByRole('checkbox', { name: /order\.completed/ })).toBeChecked();
      await expect(form.getByLabel(text.threshold)).toHaveValue('10000');
      await expectAccessible(page, ['.webhooks-sheet']);
      await form.getByRole('button', { name: text.submit }).focus();
      await page.keyboard.press('Enter');

      // The secret, once, the copy button focused.
      const secretSheet = page.getByRole('dialog', { name: text.secretTitle });
      await expect(secretSheet).toBeVisible();
      await expect(secretSheet.getByRole('button', { name: text.copy })).toBeFocused();
      const secret = (await secretSheet.getByTestId('webhook-secret').textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
      await expectAccessible(page, ['.secret-sheet']);
      await secretSheet.getByRole('button', { name: text.done }).click();
      await expect(secretSheet).toBeHidden();
      const card = page.getByTestId('webhook-endpoint').filter({ hasText: url });
      await expect(card).toContainText(text.on);
      await expect(card).not.toContainText(secret);

      // A test event, sent by the outbox worker; the log shows it delivered with the receiver's answer.
      await card.getByRole('button', { name: `${text.test}: ${url}` }).click();
      await card.getByRole('button', { name: text.deliveries }).click();
      const delivery = card.getByTestId('webhook-delivery').first();
      await expect(delivery).toContainText('webhook.test');
      await expect(delivery).toContainText(text.delivered, { timeout: 15_000 });
      await expect(delivery).toContainText('200');
      await expect(delivery).toContainText('ok from the e2e receiver');
      const got = received.filter((r) => r.path === path);
      expect(got).toHaveLength(1);
      const headers = { 'webhook-id': String(got[0]!.headers['webhook-id']), 'webhook-timestamp': String(got[0]!.headers['webhook-timestamp']), 'webhook-signature': String(got[0]!.headers['webhook-signature']) };
      expect(new Webhook(secret).verify(got[0]!.body, headers)).toMatchObject({ type: 'webhook.test' });
      await expectAccessible(page);
    });
  });
}
