import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { signInAs } from './support/accounts';
import { EN, ZH, at, backButton, navTitle } from './support/shop';
import { onShopDatabase } from './support/shop-database';

/** A reseller chats with the shop; the shop answers from the owner's command line. */
const T = {
  en: { entry: 'Messages from the shop', title: 'Messages', send: 'Send', placeholder: 'Write a message', shop: 'Shop' },
  'zh-Hans': { entry: '商家消息', title: '消息', send: '发送', placeholder: '输入消息', shop: '商家' },
} as const;
const RESELLER = 'reseller@simshop.local';
const REPO = resolve(import.meta.dirname, '../..');

/** The shop answers as the owner would: `npm run admin -- message reply`, on the test server's database. */
function shopReplies(text: string) {
  execFileSync('npx', ['tsx', 'apps/server/src/cli/admin.ts', 'message', 'reply', RESELLER, text], {
    cwd: REPO,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

const bubble = (page: Page, side: 'own' | 'shop', text: string): Locator => page.locator(`.chat-row--${side}`).filter({ hasText: text });

/** Which half of the chat a bubble sits in. */
async function sideOf(page: Page, row: Locator): Promise<'left' | 'right'> {
  const box = (await row.locator('.chat-bubble').boundingBox())!;
  const width = page.viewportSize()!.width;
  return box.x + box.width / 2 > width / 2 ? 'right' : 'left';
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`reseller messages (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('a reseller writes to the shop, and the answer appears without a reload', async ({ page }) => {
      const stamp = `${l.lang} ${Date.now()}`;
      await page.goto('pages/mine/index');
      await signInAs(page, RESELLER, 'demo1234', true);

      // An answer waiting before the chat is opened shows as a badge on the mine entry.
      shopReplies(`Welcome back ${stamp}`);
      await page.reload();
      const entry = page.locator('.adm-list-item').filter({ hasText: text.entry });
      await expect(entry.locator('.adm-badge')).toHaveText('1');
      await entry.click();
      await expect(page).toHaveURL(at('/pages/mine/message/message'));
      await expect(navTitle(page)).toHaveText(text.title);
      const welcome = bubble(page, 'shop', `Welcome back ${stamp}`);
      await expect(welcome).toBeVisible();
      await expect(welcome).toContainText(text.shop);
      expect(await sideOf(page, welcome)).toBe('left');

      // Send: the button waits for text, the message lands on the right and the box empties.
      const input = page.getByRole('textbox', { name: text.placeholder });
      const send = page.getByRole('button', { name: text.send });
      await expect(send).toBeDisabled();
      await input.fill('   ');
      await expect(send).toBeDisabled();
      await input.fill(`Do you have 50 Asia eSIMs? ${stamp}`);
      await send.click();
      const mine = bubble(page, 'own', `Do you have 50 Asia eSIMs? ${stamp}`);
      await expect(mine).toBeVisible();
      expect(await sideOf(page, mine)).toBe('right');
      await expect(mine.locator('.chat-time')).not.toBeEmpty();
      await expect(input).toHaveValue('');
      await expect(send).toBeDisabled();

      // The shop answers from the command line; polling brings it in, at the bottom, in view.
      const urlBefore = page.url();
      shopReplies(`Yes, 50 are in stock ${stamp}`);
      const answer = bubble(page, 'shop', `Yes, 50 are in stock ${stamp}`);
      await expect(answer).toBeVisible({ timeout: 15_000 });
      await expect(answer).toBeInViewport();
      expect(await sideOf(page, answer)).toBe('left');
      expect(page.url()).toBe(urlBefore);
      await expect(page.locator('.chat-row').last()).toContainText(`Yes, 50 are in stock ${stamp}`);

      // Read while the chat was open: back on mine, the badge is gone.
      await backButton(page).click();
      await expect(page).toHaveURL(at('/pages/mine/index'));
      await expect(entry).toBeVisible();
      await expect(entry.locator('.adm-badge')).toHaveCount(0);
    });
  });
}

test('the chat loads earlier messages on demand and keeps the newest in view', async ({ page }) => {
  await page.goto('pages/mine/index');
  await signInAs(page, RESELLER, 'demo1234', true);
  const stamp = Date.now();
  // More than the first page (30): the oldest wait behind "load earlier messages".
  shopRepliesMany(35, `note ${stamp} #`);
  await page.goto('pages/mine/message/message');
  await expect(bubble(page, 'shop', `note ${stamp} #35`)).toBeInViewport();
  await expect(page.locator('.chat-row').filter({ hasText: `note ${stamp} #` })).toHaveCount(30);
  // Pressed where it is: scrolling the log up to it would load the earlier messages by itself
  // (reaching the top does), and the button would be gone before a click that scrolls first lands.
  await page.getByRole('button', { name: 'Load earlier messages' }).dispatchEvent('click');
  await expect(page.locator('.chat-row').filter({ hasText: `note ${stamp} #` })).toHaveCount(35);
  await expect(bubble(page, 'shop', `note ${stamp} #1`).first()).toBeVisible();
});

/** Many shop answers at once: one process writes them all through the same service the command line uses. */
function shopRepliesMany(count: number, prefix: string) {
  onShopDatabase(`for (let i = 1; i <= ${count}; i++) await shopReply(db, ${JSON.stringify(RESELLER)}, ${JSON.stringify(prefix)} + i, Date.now());`, { 'modules/messages/message.service.ts': ['shopReply'] });
}

test('a regular customer has the chat too: the mine entry opens it', async ({ page }) => {
  await page.goto('pages/mine/index');
  await signInAs(page, 'demo@simshop.local');
  await page.reload();
  await page.locator('.adm-list-item').filter({ hasText: T.en.entry }).click();
  await expect(page).toHaveURL(at('/pages/mine/message/message'));
  await expect(navTitle(page)).toHaveText(T.en.title);
  await expect(page.locator('.state--denied')).toHaveCount(0);
  await expect(page.locator('.chat-composer')).toBeVisible();
});
