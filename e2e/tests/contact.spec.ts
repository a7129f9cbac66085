import { expect, test, type Browser, type Page } from '@playwright/test';
import { validationTexts, type AdminContactSettings } from '@simshop/contract';
import { signInAs } from './support/accounts';
import { consoleApi, consoleSignIn, consoleUrl, expectAccessible } from './support/console';
import { EN, ZH, at, navTitle } from './support/shop';

/**
 * "Contact us": the owner sets the channels in the console and the shop shows them as
 * real links. Every customer chats with the shop from there; support answers in the
 * console and the answer appears in the open chat.
 */
const T = {
  en: {
    consoleTitle: 'Contact channels',
    phone: 'Phone',
    email: 'Email',
    wechatId: 'WeChat ID',
    addressEn: 'Address in English',
    addressZh: 'Address in Chinese',
    opens: 'Opens',
    closes: 'Closes',
    save: 'Save',
    saved: 'Saved: the shop shows the new channels',
    contactTitle: 'Contact us',
    chatSignIn: 'Sign in to chat',
    chatOpen: 'Open the chat',
    qrAlt: /QR code of the WeChat account/,
    messages: 'Messages',
    messagesTitle: 'Messages',
    placeholder: 'Write a message',
    shopSend: 'Send',
    reply: 'Reply',
    consoleSend: 'Send',
    hours: 'Monday to Friday, 09:00–18:00',
  },
  'zh-Hans': {
    consoleTitle: '联系方式',
    phone: '电话',
    email: '邮箱',
    wechatId: '微信号',
    addressEn: '英文地址',
    addressZh: '中文地址',
    opens: '开始',
    closes: '结束',
    save: /^保\s?存$/,
    saved: '已保存：商城已显示新的联系方式',
    contactTitle: '联系我们',
    chatSignIn: '登录后咨询',
    chatOpen: '进入对话',
    qrAlt: /的二维码/,
    messages: '消息',
    messagesTitle: '消息',
    placeholder: '输入消息',
    shopSend: '发送',
    reply: '回复',
    consoleSend: /^发\s?送$/,
    hours: '周一至周五 09:00–18:00',
  },
} as const;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A second browser: the console at 1440 px beside the shop's phone. */
async function consoleBeside(browser: Browser, role: 'owner' | 'support', lang: 'en' | 'zh-Hans'): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await consoleSignIn(page, role, lang);
  return { page, close: () => context.close() };
}

/** axe on the screen as it rests: the pointer moved off what was just clicked. */
async function accessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page);
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`contact us (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('the owner sets the channels in the console; the shop shows them as links', async ({ page, browser }) => {
      const stamp = Date.now() % 10_000;
      const phone = `+86 21 5555 ${String(stamp).padStart(4, '0')}`;
      const email = `help${stamp}@shop.example.com`;
      const owner = await consoleBeside(browser, 'owner', l.lang);
      const before = (await consoleApi(owner.page, 'adminSettings', 'contact', {})).data as AdminContactSettings;
      try {
        const c = owner.page;
        await c.goto(consoleUrl('settings/contact'));
        await expect(c.getByRole('heading', { name: text.consoleTitle, exact: true })).toBeVisible();
        await accessible(c);

        // A wrong email is caught with the contract's own words before anything is saved.
        await c.getByLabel(text.email).fill('help@');
        await c.getByRole('button', { name: text.save }).click();
        await expect(c.getByText(validationTexts[l.lang]['validation.email']!)).toBeVisible();

        await c.getByLabel(text.phone).fill(phone);
        await c.getByLabel(text.email).fill(email);
        await c.getByLabel(text.wechatId).fill('shop_help01');
        await c.getByLabel(text.addressEn).fill('1 Harbour Road, Wan Chai, Hong Kong');
        await c.getByLabel(text.addressZh).fill('香港湾仔港湾道1号');
        // Saturday off (the sixth day box), 09:00 to 18:00.
        await c.getByRole('checkbox').nth(5).uncheck();
        await c.getByLabel(text.opens).fill('09:00');
        await c.getByLabel(text.closes).fill('18:00');
        await c.locator('input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: PNG });
        await expect(c.locator('.ant-image img')).toBeVisible();
        await c.getByRole('button', { name: text.save }).click();
        await expect(c.getByText(text.saved)).toBeVisible();
        await accessible(c);

        await page.goto('pages/mine/contact/contact');
        await expect(navTitle(page)).toHaveText(text.contactTitle);
        // The chat comes first; signed out, it leads to sign-in.
        await expect(page.locator('.contact-chat')).toBeVisible();
        await expect(page.getByRole('button', { name: text.chatSignIn })).toBeVisible();
        const chatTop = (await page.locator('.contact-chat').boundingBox())!.y;
        expect(chatTop).toBeLessThan((await page.locator('.contact-rows').boundingBox())!.y);

        await expect(page.getByRole('link', { name: new RegExp(phone.replace(/\+/g, '\\+')) })).toHaveAttribute('href', `tel:+86215555${String(stamp).padStart(4, '0')}`);
        await expect(page.getByRole('link', { name: new RegExp(email) })).toHaveAttribute('href', `mailto:${email}`);
        const address = l.lang === 'en' ? '1 Harbour Road, Wan Chai, Hong Kong' : '香港湾仔港湾道1号';
        const map = page.getByRole('link', { name: new RegExp(address) });
        await expect(map).toHaveAttribute('href', `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`);
        await expect(map).toHaveAttribute('target', '_blank');
        await expect(page.getByText(text.hours)).toBeVisible();
        await expect(page.getByText('shop_help01')).toBeVisible();
        const qr = page.getByRole('img', { name: text.qrAlt });
        await expect(qr).toBeVisible();
        await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        // Every row is a comfortable tap target.
        for (const row of await page.locator('a.contact-row').all()) expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await accessible(page);
      } finally {
        // Put the demo channels back for the journeys that expect them.
        const now = (await consoleApi(owner.page, 'adminSettings', 'contact', {})).data as AdminContactSettings;
        const restore = { phone: before.phone ?? '', email: before.email ?? '', wechatId: before.wechatId ?? '', wechatQr: before.wechatQr ?? '', addressEn: before.addressEn ?? '', addressZh: before.addressZh ?? '', mapUrl: before.mapUrl ?? '', hours: before.hours };
        expect((await consoleApi(owner.page, 'adminSettings', 'save_contact', { version: now.updatedAt, contact: restore })).code).toBe(0);
        await owner.close();
      }
    });

    test('a customer chats with the shop from "Contact us" and sees the answer made in the console', async ({ page, browser }) => {
      const stamp = `${l.lang} ${Date.now()}`;
      await page.goto('pages/mine/contact/contact');
      await signInAs(page, 'demo@simshop.local');
      await page.reload();
      await page.getByRole('button', { name: text.chatOpen }).click();
      await expect(page).toHaveURL(at('/pages/mine/message/message'));
      await expect(navTitle(page)).toHaveText(text.messagesTitle);
      await page.getByRole('textbox', { name: text.placeholder }).fill(`Does the Asia eSIM work in Japan? ${stamp}`);
      await page.getByRole('button', { name: text.shopSend }).click();
      await expect(page.locator('.chat-row--own').filter({ hasText: stamp })).toBeVisible();

      const support = await consoleBeside(browser, 'support', l.lang);
      try {
        const c = support.page;
        await c.goto(consoleUrl('messages'));
        await expect(c.getByRole('heading', { name: text.messages, exact: true })).toBeVisible();
        const conversation = c.getByRole('row').filter({ hasText: `Does the Asia eSIM work in Japan? ${stamp}` });
        await expect(conversation.locator('.ant-badge')).toBeVisible();
        await conversation.getByText('demo@simshop.local').click();
        await expect(c.getByTestId('message-customer').filter({ hasText: stamp })).toBeVisible();
        await c.getByLabel(text.reply).fill(`Yes, on Docomo and SoftBank ${stamp}`);
        await c.getByRole('button', { name: text.consoleSend }).click();
        await expect(c.getByTestId('message-shop').filter({ hasText: `Yes, on Docomo and SoftBank ${stamp}` })).toBeVisible();
        await accessible(c);
      } finally {
        await support.close();
      }

      // Polling brings the answer into the open chat, no reload.
      await expect(page.locator('.chat-row--shop').filter({ hasText: `Yes, on Docomo and SoftBank ${stamp}` })).toBeVisible({ timeout: 15_000 });
      await accessible(page);
    });
  });
}
