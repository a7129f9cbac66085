import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { BUY_WORDS, EN, ZH, confirmEsimPhone, payInSandbox, productId } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * The mails a buyer of an eSIM gets, opened as a phone's mail app shows them (390 px wide): the
 * server writes each mail, HTML and inline images, to its outbox folder when no SMTP server is set.
 */
interface OutboxMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  idempotencyKey: string;
  attachments?: Array<{
    cid: string | null;
    contentType: string;
    base64: string;
  }>;
}

function mailsTo(to: string): OutboxMail[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    files = [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail).filter((m) => m.to === to && m.html);
}

const kindOf = (m: OutboxMail) => /^n\.([a-z_]+)\./.exec(m.idempotencyKey)?.[1];

/** Shows a mail as a mail client does: its cid: images from the attached parts. */
async function openMail(page: Page, mail: OutboxMail): Promise<void> {
  let html = mail.html;
  for (const a of mail.attachments ?? []) if (a.cid) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.base64}`);
  await page.setContent(html);
}

const T = {
  en: {
    ...BUY_WORDS.en,
    code: 'Activation code',
    ios: 'Install on iPhone',
    chat: 'Answers from the shop',
    mailLanguage: 'Language of mails and texts',
  },
  'zh-Hans': {
    ...BUY_WORDS['zh-Hans'],
    code: '激活码',
    ios: '在 iPhone 上安装',
    chat: '客服回复',
    mailLanguage: '邮件和短信的语言',
  },
} as const;

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`mails after buying an eSIM (${l.lang})`, () => {
    test.use({
      locale: l.locale,
      extraHTTPHeaders: { 'accept-language': l.locale },
    });

    test('the order, the receipt and the eSIM with a scannable QR arrive, readable on a phone', async ({ page }) => {
      const { account } = await registerAndSignIn(page, 'mail');
      await page.goto(`pages/goods/goods?id=${await productId(page, 'Global eSIM')}`);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await confirmEsimPhone(page);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      // The order mail ("waiting for payment") goes within a moment of the order; an order paid before its turn would get the receipt alone.
      await expect(page).toHaveURL(/\/pages\/order\/order-pay/);
      await expect.poll(() => mailsTo(account).map(kindOf), { timeout: 15_000 }).toEqual(['order_placed']);
      await payInSandbox(page, text);

      // The worker sends the rest within a moment of the payment (the eSIM once the SM-DP+ issued it).
      await expect.poll(() => mailsTo(account).map(kindOf).sort(), { timeout: 15_000 }).toEqual(['esim_ready', 'order_placed', 'payment_received']);
      for (const mail of mailsTo(account)) {
        await openMail(page, mail);
        await expect(page.locator('h1')).toBeVisible();
        // Nothing wider than the phone: no sideways scrolling in the mail app.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectAccessible(page);
        await keepScreen(page, `mail-${kindOf(mail)}-${l.lang}`, { fullPage: true });
      }

      const esimMail = mailsTo(account).find((m) => kindOf(m) === 'esim_ready')!;
      await openMail(page, esimMail);
      // The QR is drawn 260 px wide from a 520 px image: big and sharp enough for another phone's camera.
      const qr = page.locator('img[alt]').first();
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, Math.round(img.getBoundingClientRect().width)])).toEqual([520, 260]);
      // The one-tap link is the first stop of the keyboard.
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveAttribute('href', /^https:\/\/esimsetup\.apple\.com\//);
      await expect(page.getByRole('link', { name: text.ios })).toBeVisible();
      // The codes are there as text, to select and copy.
      const code = page.getByText(text.code, { exact: true }).locator('xpath=following-sibling::p[1]');
      await expect(code).toBeVisible();
      await code.click({ clickCount: 3 });
      expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim()).toMatch(/^[A-Z0-9-]+$/);
    });

    test('Mine → Notifications: the chat answers turned off from the keyboard stay off', async ({ page }) => {
      await registerAndSignIn(page, 'notify');
      await page.goto('pages/mine/index');
      const block = page.locator('.notification-settings');
      const chat = block.getByRole('switch', { name: text.chat });
      await expect(chat).toBeChecked();
      await expect(block.getByRole('combobox', { name: text.mailLanguage })).toHaveValue(l.lang);
      await expectAccessible(page, ['.notification-settings']);
      await chat.focus();
      await page.keyboard.press('Space');
      await expect(chat).not.toBeChecked();
      // Saved: the server says so after a reload.
      await expect(chat).toBeEnabled();
      await page.reload();
      await expect(page.locator('.notification-settings').getByRole('switch', { name: text.chat })).not.toBeChecked();
      await page.locator('.notification-settings').scrollIntoViewIfNeeded();
      await keepScreen(page, `mine-notifications-${l.lang}`);
    });
  });
}
