import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { codeInOutbox, codeSentTo, signInAs, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { EN, ZH, payInSandbox, productId } from './support/shop';

/**
 * The rebuilt key screens at 390 px in both languages: a destination search leading to
 * the plans that cover it, the plan's facts and the phone check, a checkout that says why it
 * waits, the payment, and the install guided per platform; and forgot password.
 */
const T = {
  en: {
    destination: 'Japan',
    typed: 'japa',
    plansFor: 'Plans for Japan',
    worksIn: 'Works in 5 destinations',
    hotspot: 'Allowed',
    starts: 'When it first connects at your destination',
    check: 'Does my phone support eSIM?',
    supported: 'Supports eSIM',
    depends: 'Depends on the model',
    buyNow: 'Buy now',
    submit: 'Place order',
    blocked: 'Confirm your phone can take this eSIM to place the order.',
    pay: 'Pay',
    paid: 'Payment received',
    install: 'QR code and install',
    ready: 'Not installed yet',
    iphone: 'iPhone',
    iosButton: 'Install on this iPhone',
    android: 'Android',
    androidStep: 'Add eSIM',
    nothing: 'No plan covers “atlantis” yet. Try a neighbouring country or a region.',
    europe: 'Europe',
    forgot: 'Forgot password?',
    reset: 'Set new password',
    wrongCode: 'The code is incorrect or has expired',
    changed: 'Password changed',
    member: 'Member',
  },
  'zh-Hans': {
    destination: '日本',
    typed: '日本',
    plansFor: '日本套餐',
    worksIn: '覆盖5个目的地',
    hotspot: '支持',
    starts: '到达目的地首次联网时开始',
    check: '我的手机支持eSIM吗？',
    supported: '支持eSIM',
    depends: '视版本而定',
    buyNow: '立即购买',
    submit: '提交订单',
    blocked: '请先确认手机可以安装此eSIM再下单。',
    pay: '支付',
    paid: '支付成功',
    install: '二维码与安装',
    ready: '尚未安装',
    iphone: 'iPhone',
    iosButton: '在此iPhone上安装',
    android: '安卓',
    androidStep: '添加eSIM',
    nothing: '暂无覆盖“atlantis”的套餐，试试邻近国家或地区。',
    europe: '欧洲',
    forgot: '忘记密码？',
    reset: '设置新密码',
    wrongCode: '验证码错误或已过期',
    changed: '密码已修改',
    member: '会员',
  },
} as const;

/** No element of the page sticks out of the 390 px screen. */
async function expectInsideScreen(page: Page, selector: string): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0));
  expect(boxes.length, selector).toBeGreaterThan(0);
  for (const b of boxes) {
    expect(b.left, selector).toBeGreaterThanOrEqual(0);
    expect(b.right, selector).toBeLessThanOrEqual(390);
  }
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`storefront (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test("home and a goods page open with the answers their page brought: no call for the content, the catalogue, the product or its coupons; a stale page asks again", async ({ page }) => {
      const calls: string[] = [];
      page.on('request', (r) => {
        const call = /\/([a-z-]+)\.do\?action=([a-z_]+)/.exec(r.url());
        if (!call) return;
        const name = `${call[1]}.${call[2]}`;
        // The home page's coupon strip (coupons for no product) may still ask after the goods
        // page was called for: it is told apart from the goods page's call for its product's.
        const forNoProduct = name === 'coupon.claimable' && !(JSON.parse(r.postData() ?? '{}') as { productId?: number }).productId;
        calls.push(forNoProduct ? `${name} (no product)` : name);
      });
      await page.goto('pages/index/index');
      await expect(page.locator('.banner-image').first()).toBeVisible();
      await expect(page.locator('.destination-search input[type="search"]')).toBeVisible();
      expect(calls).not.toContain('json-content.get_cache');
      expect(calls).not.toContain('product.list');

      const id = await productId(page, 'Asia eSIM');
      calls.length = 0;
      await page.goto(`pages/goods/goods?id=${id}`);
      await expect(page.locator('.goods-image').first()).toBeVisible();
      await expect(page.locator('.goods-name')).not.toBeEmpty();
      await expect(page.locator('.coupon-card').first()).toBeVisible();
      expect(calls).not.toContain('product.detail');
      expect(calls).not.toContain('coupon.claimable');

      // A page older than a minute (the copy the service worker keeps for offline use) asks the server.
      await page.clock.install({ time: Date.now() + 5 * 60_000 });
      calls.length = 0;
      await page.reload();
      await expect(page.locator('.goods-name')).not.toBeEmpty();
      expect(calls).toContain('product.detail');
      expect(calls).toContain('coupon.claimable');
    });

    test("a goods page and the cart opened first: their HTML names every script and style they draw with (nothing waits for the app's code to ask)", async ({ page: anyPage, browser, baseURL }) => {
      const id = await productId(anyPage, 'Asia eSIM');
      for (const { path, drawn } of [
        { path: `pages/goods/goods?id=${id}`, drawn: '.goods-name' },
        { path: 'pages/shop-cart', drawn: '.adm-error-block' },
      ]) {
        // A fresh context: nothing cached, no service worker yet, as on a first visit. Motion as most
        // visitors have it: the switch that stops it is fetched beside the page, not before it draws.
        const context = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'no-preference', baseURL, locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale }, viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        const assets: string[] = [];
        page.on('request', (r) => {
          const asset = /\/uni\/assets\/[^?]+\.(?:js|css)$/.exec(r.url());
          if (asset) assets.push(asset[0]);
        });
        const html = await (await page.goto(path))!.text();
        await expect(page.locator(drawn).first()).toBeVisible();
        expect(assets.length, path).toBeGreaterThan(0);
        expect(assets.filter((a) => !html.includes(`"${a}"`)), path).toEqual([]);
        await context.close();
      }
    });

    test('destination search → plan → phone check → checkout → payment → eSIM install', async ({ page }) => {
      await page.goto('pages/index/index');
      await signInAs(page, 'demo@simshop.local');
      await page.reload();

      // Home: the search comes first; a place nobody covers says so, a region is offered.
      const search = page.locator('.destination-search input[type="search"]');
      await expect(search).toBeVisible();
      await expect(page.locator('.destination-chip').filter({ hasText: text.europe })).toBeVisible();
      await search.fill('atlantis');
      await expect(page.locator('.destination-none')).toHaveText(text.nothing);
      await search.fill(text.typed);
      const hit = page.locator('.destination-hit').first();
      await expect(hit).toContainText(text.destination);
      await expectAccessible(page);
      await hit.click();

      // The plans covering Japan, from the catalogue, at Japan's own address: the Asia and the Global eSIM, not Europe.
      await expect(page).toHaveURL(/\/uni\/esim\/japan$/);
      await expect(page.locator('.page-nav-title')).toHaveText(text.plansFor);
      const cards = page.locator('.plan-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.filter({ hasText: /Asia eSIM|亚洲eSIM/ })).toBeVisible();
      await expect(cards.filter({ hasText: /Global eSIM|全球eSIM/ })).toBeVisible();
      await expect(cards.filter({ hasText: /Europe eSIM|欧洲eSIM/ })).toHaveCount(0);
      await expectInsideScreen(page, '.plan-card, .plan-card-price');
      await expectAccessible(page);
      await cards.filter({ hasText: /Asia eSIM|亚洲eSIM/ }).click();

      // The goods page says where, on which networks, when the days start, hotspot, delivery.
      await expect(page).toHaveURL(/\/pages\/goods\/goods\?id=\d+/);
      const facts = page.locator('.plan-facts');
      await expect(facts).toContainText(text.worksIn);
      await expect(facts).toContainText('SoftBank, KDDI');
      await expect(facts).toContainText(text.starts);
      await expect(facts.locator('.plan-fact').filter({ hasText: /Hotspot|热点/ })).toContainText(text.hotspot);
      // The phone check, from the device list: an answer per model, with why when it depends.
      await facts.getByRole('button', { name: text.check }).click();
      const model = facts.locator('.esim-check-input');
      await model.fill('Pixel 8');
      await expect(facts.locator('.esim-check-hit').first()).toContainText(text.supported);
      await model.fill('iPhone 15');
      await expect(facts.locator('.esim-check-hit').first()).toContainText(text.depends);
      await expect(facts.locator('.esim-check-reason').first()).not.toBeEmpty();
      await expectAccessible(page);

      // Checkout waits for the phone to be confirmed, and says so; no shipping line on an eSIM.
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await expect(page).toHaveURL(/order-create/);
      const place = page.locator('.action-bar button').filter({ hasText: text.submit });
      await expect(place).toBeDisabled();
      await expect(page.locator('.action-bar-note')).toHaveText(text.blocked);
      await expect(page.locator('.amounts')).not.toContainText(/Shipping|运费/);
      await expectAccessible(page);
      await page.locator('.esim-confirm-check').click();
      await expect(page.locator('.action-bar-note')).toHaveCount(0);
      await expect(place).toBeEnabled();
      await place.click();

      await payInSandbox(page, text);
      await page.locator('.delivered-esims .adm-list-item').filter({ hasText: text.install }).click();

      // The eSIM page starts from the plan, then the install per platform.
      await expect(page).toHaveURL(/esim-detail\?id=\d+/);
      await expect(page.locator('.esim-plan')).toContainText(/Asia eSIM|亚洲eSIM/);
      await expect(page.locator('.esim-plan-facts')).toContainText(/5 ?GB/);
      await expect(page.locator('.esim-plan-state')).toHaveText(text.ready);
      // A desktop browser is "another phone": the QR first.
      await expect(page.getByRole('tab', { selected: true })).toContainText(/QR|二维码/);
      await expect(page.locator('img.qr-code')).toBeVisible();
      await page.getByRole('tab', { name: text.iphone }).click();
      await expect(page.getByRole('button', { name: text.iosButton })).toBeVisible();
      await page.getByRole('tab', { name: text.android }).click();
      await expect(page.locator('.install-steps-list')).toContainText(text.androidStep);
      // ICCID, EID and the log wait under "Details".
      await expect(page.locator('.install-log')).toBeHidden();
      await page.locator('.esim-details > summary').click();
      await expect(page.locator('.install-log')).toBeVisible();
      await expectInsideScreen(page, '.esim-plan, .install-ways, .esim-details');
      await expectAccessible(page);
    });

    test('forgot password: a code by email sets a new one (a wrong code is refused), and signs in', async ({ page }) => {
      // A customer of our own, so the demo accounts keep their password.
      const account = uniqueEmail('forgot');
      await page.goto('pages/login/regular');
      await page.locator('.adm-tabs-tab').nth(2).click();
      await page.locator('input[name="account"]').fill(account);
      await page.locator('.code-sender button.adm-button').first().click();
      await page.locator('input[name="code"]').fill(await codeSentTo(account));
      await page.locator('input[name="password"]').fill('first-pass1');
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/pages\/mine\/index/);
      await page.evaluate(() => localStorage.clear());

      await page.goto('pages/login/regular');
      await page.locator('input[name="account"]').fill(account);
      await page.getByRole('button', { name: text.forgot }).click();
      await expect(page).toHaveURL(/\/pages\/login\/forgot-password/);
      // The account typed on the sign-in page comes along.
      await expect(page.locator('input[name="account"]')).toHaveValue(account);
      await expectAccessible(page);
      await page.locator('.code-sender button.adm-button').first().click();
      // The reset mail, not the sign-up one sent to the same address before.
      const code = await codeInOutbox('mail', (m) => m.to === account && m.text.includes('password reset code'), `a reset code to ${account}`);
      await page.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000');
      await page.locator('input[name="password"]').fill('second-pass2');
      await page.locator('input[name="confirm"]').fill('second-pass2');
      await page.getByRole('button', { name: text.reset }).click();
      await expect(page.locator('.field-error')).toHaveText(text.wrongCode);
      await page.locator('input[name="code"]').fill(code);
      await page.getByRole('button', { name: text.reset }).click();
      await expect(page).toHaveURL(/\/pages\/mine\/index/);
      await expect(page.locator('.user-role')).toHaveText(text.member);
    });
  });
}
