import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { codeTextedToLine } from './support/lines';
import { EN, ZH, buyGlobalEsim, payInSandbox } from './support/shop';

/** eSIM and device journeys, in English and in Chinese. */
const T = {
  en: { usePuk: 'Use the PUK instead', wrongCode: 'The code is incorrect or has expired', proofNeeded: 'Prove this SIM is yours', buyNow: 'Buy now', submit: 'Place order', pay: 'Pay', paid: 'Payment received', installed: 'Installed', active: 'Active', success: 'Installed successfully', notInstalled: 'Not installed yet', empty: 'No search results', search: 'Search', searchLabel: 'eSIM number or code', searchHint: 'EID (32 digits), ICCID or activation code', bind: 'Bind a SIM', recharge: 'Recharge', records: 'Recharge records' },
  'zh-Hans': { usePuk: '改用PUK码', wrongCode: '验证码错误或已过期', proofNeeded: '请证明这张卡属于您', buyNow: '立即购买', submit: '提交订单', pay: '支付', paid: '支付成功', installed: '已安装', active: '使用中', success: '安装成功', notInstalled: '尚未安装', empty: '没有搜索结果', search: '查询', searchLabel: 'eSIM 编号或激活码', searchHint: 'EID（32位）、ICCID或激活码', bind: '绑定电话卡', recharge: '充值', records: '充值记录' },
} as const;
const EID = '89049032004008882600012345678956';



/** The volume left as shown (SPEC §9: GB from 10 000 MB on, MB below), in MB. */
async function megabytesLeft(page: Page): Promise<number> {
  const text = (await page.locator('.volume-left').textContent()) ?? '';
  const m = /([\d.]+) (GB|MB)/.exec(text);
  if (!m) throw new Error(`no volume in "${text}"`);
  return Number(m[1]) * (m[2] === 'GB' ? 1000 : 1);
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`eSIMs and devices (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('buy an on-demand eSIM, see its QR and SM-DP+ address, install it, find it by search', async ({ page, baseURL }) => {
      await page.goto('pages/index/index');
      await signInAs(page, 'demo@simshop.local');
      await buyGlobalEsim(page, text);
      await page.goto('pages/mine/esim/esim');
      await page.locator('.esim-card-link').first().click();
      await expect(page.locator('img.qr-code')).toBeVisible();
      // The codes are under the QR for typing by hand, and under "Details" with the log.
      await expect(page.locator('.install-codes').getByText('smdp-sim.simshop.local')).toBeVisible();
      await page.locator('.esim-details > summary').click();
      await expect(page.locator('.esim-details').getByText('smdp-sim.simshop.local')).toBeVisible();
      await expect(page.locator('.install-log')).toContainText(text.notInstalled);
      const matchingId = (await page.locator('.adm-list-item').filter({ hasText: /Activation code|激活码/ }).first().locator('.mono').textContent())!;

      const origin = new URL(baseURL!).origin;
      const res = await page.request.post(`${origin}/smdp-sim/device/install`, { data: { matchingId, eid: EID } });
      expect(res.ok()).toBe(true);
      await page.reload();
      await expect(page.locator('.install-log')).toContainText(text.success);
      // Installed: the QR is folded away, the plan says so.
      await expect(page.locator('img.qr-code')).toBeHidden();
      // Connected on install (the carrier simulator sees it): the plan runs.
      await expect(page.locator('.esim-plan-state')).toHaveText(text.active);
      await page.locator('.esim-details > summary').click();
      await expect(page.getByText(EID).first()).toBeVisible();

      await page.goto('pages/common/esim-search');
      // The field is named by a visible label; the placeholder only hints at what to type.
      const field = page.getByRole('textbox', { name: text.searchLabel });
      await expect(field).toHaveAttribute('placeholder', text.searchHint);
      await field.fill(matchingId);
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.search-results')).toContainText(/Global eSIM|全球eSIM/);
      await page.locator('input[name="query"]').fill('NOSUCHCODE123');
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByText(text.empty)).toBeVisible();
    });

    test('bind a SIM, recharge it through the shop, see the volume grow', async ({ page }) => {
      const token = await signInAs(page, 'demo@simshop.local');
      const iccid = `898601${String(Date.now()).slice(-9)}${l.lang === 'en' ? '1111' : '2222'}`;
      await page.goto('pages/mine/device/device');
      await page.locator('input[name="iccid"]').fill(iccid);
      // Binding proves the SIM is yours: the carrier texts a code to it.
      await page.locator('.line-proof-send').click();
      await expect(page.locator('.line-proof-sent')).toContainText(/\d{3}\*{4}\d{4}/);
      await page.locator('input[name="code"]').fill(await codeTextedToLine(iccid));
      await page.locator('button').filter({ hasText: text.bind }).last().click();
      await page.locator('.device-list .adm-list-item').filter({ hasText: iccid }).click();
      await expect(page).toHaveURL(/device-cu\?id=/);
      const before = await megabytesLeft(page);

      await page.locator('.recharge-form').getByRole('radio', { name: iccid }).click();
      await page.locator('.recharge-form').getByRole('radio', { name: /5 ?GB/ }).click();
      await page.locator('.recharge-form button').filter({ hasText: text.recharge }).click();
      await expect(page).toHaveURL(/order-create/);
      await page.locator('.action-bar button').filter({ hasText: text.submit }).click();
      await payInSandbox(page, text);

      // The carrier is asked from the outbox: the order's issuing is over before the line is read.
      const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
      await expect.poll(async () => ((await apiCall(page, api.order.path, 'detail', { orderNo }, token)).data as { fulfilment: string | null }).fulfilment, { timeout: 15_000 }).toBeNull();
      await page.goto('pages/mine/device/device');
      await page.locator('.device-list .adm-list-item').filter({ hasText: iccid }).click();
      await expect(page).toHaveURL(/device-cu\?id=/);
      // 5 GB is 5000 MB; a GB figure is rounded to 100 MB.
      await expect(page.locator('.volume-left')).toHaveText(/\d (GB|MB)/);
      expect(Math.abs((await megabytesLeft(page)) - (before + 5000))).toBeLessThanOrEqual(100);
      await page.locator('.adm-list-item').filter({ hasText: text.records }).click();
      await expect(page.locator('.recharge-records')).toContainText(iccid);
    });

    test('bind a SuperSIM with the code texted to it; a wrong code or none is refused by the field', async ({ page }) => {
      await signInAs(page, 'demo@simshop.local');
      const iccid = `894450${String(Date.now()).slice(-9)}${l.lang === 'en' ? '3333' : '4444'}`;
      await page.goto('pages/mine/supsim/supsim');
      await page.locator('input[name="iccid"]').fill(iccid);
      const bindButton = page.locator('button').filter({ hasText: text.bind }).last();
      await bindButton.click();
      await expect(page.locator('.line-proof .field-error')).toContainText(text.proofNeeded);
      await page.locator('.line-proof-send').click();
      await expect(page.locator('.line-proof-sent')).toContainText(/447\*{4}\d{4}/);
      const code = await codeTextedToLine(iccid);
      await page.locator('input[name="code"]').fill(code === '000000' ? '111111' : '000000');
      await bindButton.click();
      await expect(page.locator('.line-proof .field-error')).toContainText(text.wrongCode);
      await page.locator('input[name="code"]').fill(code);
      await bindButton.click();
      await expect(page.locator('.adm-list-item').filter({ hasText: iccid })).toBeVisible();
      // The PUK is the other way to prove it.
      await page.locator('.line-proof-switch').filter({ hasText: text.usePuk }).click();
      await expect(page.locator('input[name="puk"]')).toBeVisible();
    });
  });
}
