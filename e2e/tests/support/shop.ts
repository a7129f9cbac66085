import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';
import { api, API_PATHS, FIRST_ANSWERS_ELEMENT_ID, STORAGE_KEYS } from '@simshop/contract';
import { apiCall } from './accounts';

/**
 * What the browser journeys share: the two UI languages with the texts they assert (written out
 * here rather than imported from the app, so a wrong translation in the app fails a test), the
 * browser locale that makes the app start in each, and a few locators.
 */
export type Lang = 'en' | 'zh-Hans';

export interface LangCase {
  readonly lang: Lang;
  /** navigator.language: the app maps zh-CN to zh-Hans (SPEC §9). */
  readonly locale: string;
  readonly text: {
    readonly tabs: readonly [string, string, string, string];
    readonly cartTitle: string;
    readonly orderTitle: string;
    readonly mineTitle: string;
    readonly backHome: string;
    readonly notFound: string;
    readonly returnHome: string;
    readonly myEsims: string;
    readonly tutorials: string;
    readonly language: string;
    readonly languageName: string;
    readonly myServices: string;
    readonly signatureInvalid: RegExp;
    readonly expired: string;
    readonly unauthenticated: string;
    readonly signIn: string;
    readonly cancel: string;
    readonly loginTitle: string;
    readonly requestError502: string;
    readonly systemError: string;
    readonly workHours: string;
    readonly invalidAddress: string;
    readonly signOut: string;
    readonly logoutContent: string;
    readonly confirm: string;
    readonly greeting: string;
  };
}

export const LANGS: readonly LangCase[] = [
  {
    lang: 'en',
    locale: 'en-US',
    text: {
      tabs: ['Home', 'Cart', 'Orders', 'Me'],
      cartTitle: 'Shopping cart',
      orderTitle: 'My orders',
      mineTitle: 'Me',
      backHome: 'Back to home',
      notFound: 'Page not found',
      returnHome: 'Return to home',
      myEsims: 'My eSIMs',
      tutorials: 'Tutorials',
      language: 'Language',
      languageName: 'English',
      myServices: 'My services',
      signatureInvalid: /The request signature is invalid or stale/,
      expired: 'Your sign-in has expired. Please sign in again.',
      unauthenticated: 'Please sign in first',
      signIn: 'Sign in',
      cancel: 'Cancel',
      loginTitle: 'Sign in',
      requestError502: 'The shop is not answering, try again in a moment.',
      systemError: 'The shop could not be reached. Check your connection and try again.',
      workHours: 'Monday to Saturday, 11:00–19:00',
      invalidAddress: 'This web address is not valid.',
      signOut: 'Sign out',
      logoutContent: 'Do you want to sign out of this account?',
      confirm: 'Confirm',
      greeting: 'Hello, Ann',
    },
  },
  {
    lang: 'zh-Hans',
    locale: 'zh-CN',
    text: {
      tabs: ['首页', '购物车', '订单', '我的'],
      cartTitle: '购物车',
      orderTitle: '我的订单',
      mineTitle: '我的',
      backHome: '返回首页',
      notFound: '页面不存在',
      returnHome: '返回首页',
      myEsims: '我的eSIM',
      tutorials: '使用教程',
      language: '语言',
      languageName: '简体中文',
      myServices: '我的服务',
      signatureInvalid: /请求签名无效或已过期/,
      expired: '登录已过期，请重新登录',
      unauthenticated: '请先登录',
      signIn: '登录',
      cancel: '取消',
      loginTitle: '登录',
      requestError502: '商店暂时没有响应，请稍后再试。',
      systemError: '无法连接到商店，请检查网络后重试。',
      workHours: '周一至周六 11:00–19:00',
      invalidAddress: '该网址无效。',
      signOut: '退出登录',
      logoutContent: '确定要退出当前账号吗？',
      confirm: '确定',
      greeting: '你好，Ann',
    },
  },
];

/** The words of buying one item and paying for it, which many journeys walk through. */
export const BUY_WORDS = {
  en: { buyNow: 'Buy now', submit: 'Place order', pay: 'Pay', paid: 'Payment received' },
  'zh-Hans': { buyNow: '立即购买', submit: '提交订单', pay: '支付', paid: '支付成功' },
} as const;

export const EN = LANGS[0]!;
export const ZH = LANGS[1]!;

export const tabBar = (page: Page): Locator => page.locator('.app-tab-bar');
export const tab = (page: Page, index: number): Locator => tabBar(page).locator('.adm-tab-bar-item').nth(index);
export const navTitle = (page: Page): Locator => page.locator('.page-nav-title');
export const brandTitle = (page: Page): Locator => page.locator('.brand-header-title');
export const backButton = (page: Page): Locator => page.locator('.page-nav-bar .adm-nav-bar-back');
// The newest toast: one replacing another ("Adding…" by "Added") overlaps the old one as it fades.
export const toast = (page: Page): Locator => page.locator('.adm-toast-main').last();
export const dialog = (page: Page): Locator => page.locator('.adm-dialog-body');

/** An absolute /uni/ URL pattern for a route, ignoring the query. */
export const at = (path: string): RegExp => new RegExp(`/uni${path.replace(/[/.]/g, '\\$&')}(\\?.*)?$`);

/** Writes local storage the way the app does (JSON), for a page already on the shop's origin. */
/**
 * For tests that fake a session in storage: the calls the mine and contact pages make for a
 * signed-in customer (the unread-messages poll, the message settings) answer as the server would,
 * so the fake token is not refused before the test's own step.
 */
export async function answerSessionCallsForFakeSession(page: Page): Promise<void> {
  const answer = (data: unknown) => (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 200, code: 0, data, msg: 'ok', i18n: 'common.success' }) });
  await page.route('**/fetch/mall/message.do?action=unread', answer({ unread: 0 }));
  // Mine shows the signed-in customer's message settings.
  await page.route(`**/fetch${API_PATHS.user}?action=notifications`, answer({ language: 'en', chatAnswered: true, usageAlerts: true }));
}

export async function setStored(page: Page, key: keyof typeof STORAGE_KEYS, value: unknown): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k, JSON.stringify(v)), [STORAGE_KEYS[key], value] as const);
}

export async function expectHomeLoaded(page: Page): Promise<void> {
  await expect(tabBar(page)).toBeVisible();
  await expect(brandTitle(page)).toContainText('SimShop');
  // The seeded block has sections; their presence means the content call succeeded.
  await expect(page.locator('.home-section').first()).toBeVisible();
}

/** On home: waits until its body is drawn, down to the last part (all of it is in the page from the start). */
export async function showWholeHome(page: Page): Promise<void> {
  await expect(page.locator('section[aria-labelledby="all-products-title"]')).toBeAttached();
}

/** A demo product's id by its English name, through the product list call. */
/** On the goods page: scrolls to the reviews. */
export async function showReviews(page: Page): Promise<void> {
  await page.locator('section[aria-labelledby="reviews-title"]').scrollIntoViewIfNeeded();
}

/** A demo product's id by its English name; reseller-only products are listed only with a reseller's token. */
export async function productId(page: Page, name: string, token?: string): Promise<number> {
  const res = await apiCall(page, api.product.path, 'list', { page: 1, size: 50, i18n: 'en' }, token);
  const found = (res.data as { items: Array<{ id: number; name: string }> }).items.find((p) => p.name === name);
  if (!found) throw new Error(`no demo product named "${name}"`);
  return found.id;
}

/**
 * On the order-pay page: chooses the payment sandbox (the last method), pays, approves on the
 * sandbox's hosted page and waits for the payment notice to say it is paid.
 */
export async function payInSandbox(page: Page, text: { pay: string; paid: string }): Promise<void> {
  await expect(page).toHaveURL(/\/pages\/order\/order-pay/);
  await page.locator('.pay-option').last().click();
  await page.locator('.action-bar button').filter({ hasText: text.pay }).click();
  await page.waitForURL(/\/fetch\/pay\/sandbox\//);
  await page.getByRole('button', { name: /Approve payment|确认支付/ }).click();
  await expect(page.locator('.adm-result-page-title')).toHaveText(text.paid);
}

/**
 * Buys the on-demand Global eSIM through the shop's pages (goods, checkout, sandbox). The SM-DP+
 * issues the profile from the outbox within a moment of the payment: the payment result checks
 * again until it lists the eSIM, which is then the newest in the list.
 */
export async function buyGlobalEsim(page: Page, text: { buyNow: string; submit: string; pay: string; paid: string }): Promise<void> {
  await page.goto(`pages/goods/goods?id=${await productId(page, 'Global eSIM')}`);
  await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
  await confirmEsimPhone(page);
  await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
  await payInSandbox(page, text);
  await expect(page.locator('.delivered-esims .adm-list-item')).toHaveCount(1, { timeout: 15_000 });
}

/** Submits the open export sheet and reads the CSV it downloads: the file's name and its lines (byte-order mark removed). */
export async function submitExport(page: Page): Promise<{ fileName: string; lines: string[] }> {
  const download = page.waitForEvent('download');
  await page.locator('.export-form button[type="submit"]').click();
  const file = await download;
  const lines = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r\n/);
  return { fileName: file.suggestedFilename(), lines };
}

/** Checkout of an eSIM: ticks "my phone supports eSIM and is unlocked", which "Place order" waits for. */
export async function confirmEsimPhone(page: Page): Promise<void> {
  await page.locator('.esim-confirm-check').click();
}

/**
 * The shop's pages arrive without the answers the server writes into them (home's content, a
 * goods page's product: contract first-answers.ts), as a copy saved for offline use would: the
 * app then makes those calls itself, for a test that answers them in the browser.
 */
export async function withoutFirstAnswers(page: Page): Promise<void> {
  await page.route('**/uni/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">.*?</script>`, 's'), '');
    // The text is decoded: it goes out as it is, without the encoding and length it came with.
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'));
    await route.fulfill({ response, body, headers });
  });
}
