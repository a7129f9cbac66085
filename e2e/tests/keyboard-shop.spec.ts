import { expect, test } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import { api } from '@simshop/contract';
import { apiCall, signInAs } from './support/accounts';
import { axeViolations } from './support/axe';
import { createOrder, emptyCart, payBySandbox } from './support/orders';
import { BUY_WORDS, LANGS, productId, showReviews, showWholeHome } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * WCAG 2.2 AA without a touch screen (2.1.1 keyboard, 2.4.7 focus visible, 2.5.8 target size,
 * 4.1.2 name, role, value): on each main page, in both languages, Tab walks the page and reaches
 * every element a tap can act on. What a tap can act on is every control, plus every element the
 * page listens to clicks on, which the browser's devtools protocol lists; React handles
 * clicks at the root but sets an onclick of its own on each element with a click handler (for
 * iOS Safari), so each one is found (a page with none found fails, so a build
 * that delegates clicks to the root cannot pass by finding nothing). An element counts as reached
 * when Tab focused it, a control inside it or the control it sits in (a click on it is the
 * control's), or, for a label, its input. Every stop Tab makes shows a focus ring and is at least
 * 24 × 24 px, or lies in a line of text, or has no other target within 12 px of its centre.
 */

const TEXT = {
  en: { ...BUY_WORDS.en, install: 'QR code and install', confirm: 'My phone supports eSIM and is unlocked (not tied to one carrier).' },
  'zh-Hans': { ...BUY_WORDS['zh-Hans'], install: '二维码与安装', confirm: '我的手机支持eSIM，且为无锁机（未绑定运营商）。' },
} as const;

const TAPPABLE = 'data-kb-tap';
const REACHED = 'data-kb-reached';

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.state--loading, .adm-skeleton, .state--spinner')).toHaveCount(0);
}

/** Marks every visible element the page listens to clicks on, and every control, with TAPPABLE; returns how many listen. */
async function markTappables(page: Page, cdp: CDPSession): Promise<number> {
  await page.evaluate((attr) => document.querySelectorAll(`[${attr}]`).forEach((e) => e.removeAttribute(attr)), TAPPABLE);
  await cdp.send('DOM.getDocument', { depth: 0 });
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'document' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, depth: -1, pierce: true });
  const clickable = new Set(listeners.filter((l) => l.type === 'click' && l.backendNodeId).map((l) => l.backendNodeId!));
  for (const backendNodeId of clickable) {
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
    await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      functionDeclaration: `function () { if (this.nodeType === 1 && this !== document.body && this !== document.documentElement) this.setAttribute('${TAPPABLE}', 'listens'); }`,
    });
  }
  return page.evaluate((attr) => {
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
    document.querySelectorAll(controls).forEach((e) => e.getAttribute(attr) || e.setAttribute(attr, 'control'));
    // A tap on a label works its control: reached when the control is (not when it is hidden, as antd-mobile's Checkbox hides its input).
    document.querySelectorAll('label').forEach((e) => e.control && !(e.control as HTMLInputElement).disabled && !e.getAttribute(attr) && e.setAttribute(attr, 'label'));
    // What no finger can reach either: hidden, disabled, or behind aria-hidden/inert.
    for (const e of Array.from(document.querySelectorAll<HTMLElement>(`[${attr}]`))) {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      const off = r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.pointerEvents === 'none' || e.closest('[aria-hidden="true"], [inert]') !== null || (e as HTMLButtonElement).disabled === true;
      if (off) e.removeAttribute(attr);
    }
    // How each control looks unfocused, to tell a focus ring from a card's shadow (window.kbRest).
    const ring = (e: Element) => [e, e.parentElement, e.parentElement?.parentElement].flatMap((x) => (x ? ['', '::before', '::after'].map((p) => {
      const s = getComputedStyle(x, p || null);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow} ${s.borderColor} ${s.backgroundColor}`;
    }) : [])).join('|');
    const rest = new Map<Element, string>();
    for (const e of Array.from(document.querySelectorAll(controls))) rest.set(e, ring(e));
    Object.assign(window, { kbRest: rest, kbRing: ring });
    return document.querySelectorAll(`[${attr}="listens"]`).length;
  }, TAPPABLE);
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Tabs from the top of the page until focus leaves it or comes round again; marks each stop REACHED and says what is wrong with it. */
async function walk(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const targets: Array<{ name: string; small: boolean; target: Box }> = [];
  await page.evaluate((attr) => {
    document.querySelectorAll(`[${attr}]`).forEach((e) => e.removeAttribute(attr));
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  }, REACHED);
  for (let stop = 0; stop < 400; stop += 1) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((attr) => {
      const e = document.activeElement as HTMLElement | null;
      if (!e || e === document.body) return { done: true as const };
      if (e.hasAttribute(attr)) return { done: true as const };
      e.setAttribute(attr, '');
      const name = `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}"`;
      // 2.4.7: focus changes the outline, shadow, border or background of it, its ::before or ::after
      // (a row-covering link) or a parent (a ring drawn with :has()).
      const { kbRest, kbRing } = window as unknown as { kbRest: Map<Element, string>; kbRing: (e: Element) => string };
      const shown = kbRest.has(e) ? kbRest.get(e) !== kbRing(e) : false;
      // 2.5.8: the target is the element, the row its ::after covers, or an input's label; a link in a line of text is exempt.
      const after = getComputedStyle(e, '::after');
      let box = e.getBoundingClientRect();
      if (after.content !== 'none' && after.position === 'absolute' && e.offsetParent) box = e.offsetParent.getBoundingClientRect();
      const label = (e as HTMLInputElement).labels?.[0];
      if (label) {
        const l = label.getBoundingClientRect();
        box = new DOMRect(Math.min(l.left, box.left), Math.min(l.top, box.top), Math.max(l.width, box.width), Math.max(l.height, box.height));
      }
      const inText = getComputedStyle(e).display === 'inline' && e.tagName === 'A' && /\S/.test(e.parentElement?.textContent?.replace(e.textContent ?? '', '') ?? '');
      const small = !inText && (box.width < 24 || box.height < 24);
      // In the page's coordinates, for the spacing rule below.
      const target = { x: box.left + scrollX, y: box.top + scrollY, w: box.width, h: box.height };
      return { done: false as const, name, shown, small, target };
    }, REACHED);
    if (at.done) break;
    if (!at.shown) problems.push(`no focus ring (or not a control) on ${at.name}`);
    targets.push(at);
  }
  // 2.5.8's spacing rule: an undersized target passes when a 24 px circle on its centre touches
  // no other target and no other undersized target's circle.
  const centre = (t: Box) => ({ x: t.x + t.w / 2, y: t.y + t.h / 2 });
  const distanceToBox = (p: { x: number; y: number }, t: Box) => Math.hypot(Math.max(t.x - p.x, 0, p.x - t.x - t.w), Math.max(t.y - p.y, 0, p.y - t.y - t.h));
  const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
  for (const t of targets.filter((x) => x.small)) {
    const c = centre(t.target);
    const crowded = targets.some((o) => o !== t && !inside(t.target, o.target) && !inside(o.target, t.target) && (o.small ? Math.hypot(centre(o.target).x - c.x, centre(o.target).y - c.y) < 24 : distanceToBox(c, o.target) < 12));
    if (crowded) problems.push(`target ${Math.round(t.target.w)}×${Math.round(t.target.h)} px with another within 12 px: ${t.name}`);
  }
  return problems;
}

/** Every tappable element Tab did not reach, described. */
async function unreached(page: Page): Promise<string[]> {
  return page.evaluate(([tap, reached]) => {
    const stops = Array.from(document.querySelectorAll(`[${reached}]`));
    return Array.from(document.querySelectorAll<HTMLElement>(`[${tap}]`))
      .filter((e) => {
        if (e.hasAttribute(reached)) return false;
        if (stops.some((s) => e.contains(s) || s.contains(e))) return false;
        const control = e.tagName === 'LABEL' ? (e as HTMLLabelElement).control : e;
        if (control !== e && control?.hasAttribute(reached)) return false;
        // Tab stops once in a group of radio buttons or of tabs (at the chosen one); the arrow keys choose within it.
        if (control instanceof HTMLInputElement && control.type === 'radio' && control.name) {
          return !Array.from(document.getElementsByName(control.name)).some((r) => r.hasAttribute(reached));
        }
        const tablist = e.getAttribute('role') === 'tab' ? e.closest('[role="tablist"]') : null;
        if (tablist) return !tablist.querySelector(`[role="tab"][${reached}]`);
        return true;
      })
      .map((e) => `not reached by Tab: ${e.outerHTML.replace(/\s+/g, ' ').slice(0, 160)}`);
  }, [TAPPABLE, REACHED] as const);
}

/**
 * The page's findings, all of them listed (a soft expectation: the journey goes on to the next
 * page): tappables Tab does not reach, stops without a ring or too small, axe's serious ones.
 */
async function checkPage(page: Page, cdp: CDPSession, name: string): Promise<void> {
  await settled(page);
  const found: string[] = [];
  if ((await markTappables(page, cdp)) === 0) found.push('no element listens to clicks (did the build start delegating them?)');
  found.push(...(await walk(page)), ...(await unreached(page)), ...(await axeViolations(page)));
  expect.soft(found, `${name}:\n${found.join('\n')}`).toEqual([]);
}

for (const l of LANGS) {
  test.describe(`keyboard (${l.lang})`, () => {
    test.use({ locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale } });

    test('Tab reaches every control a tap can on home, goods, cart, Mine, stores, checkout, payment, an eSIM order and My eSIMs; Enter opens the eSIM, Space ticks the phone check', async ({ page }) => {
      test.setTimeout(240_000);
      const text = TEXT[l.lang];
      const cdp = await page.context().newCDPSession(page);
      await page.goto('pages/index/index');
      const token = await signInAs(page, 'demo@simshop.local');
      const esim = await productId(page, 'Asia eSIM');
      await emptyCart(page, token);
      await apiCall(page, api.item.path, 'save', { proId: esim, quantity: 1 }, token);

      await page.goto('pages/index/index');
      await showWholeHome(page);
      await checkPage(page, cdp, 'home');
      await page.goto(`pages/goods/goods?id=${esim}`);
      await showReviews(page);
      await checkPage(page, cdp, 'goods');
      for (const [name, path] of [
        ['cart', 'pages/shop-cart'],
        ['mine', 'pages/mine/index'],
        ['stores', 'pages/store/index'],
      ] as const) {
        await page.goto(path);
        await checkPage(page, cdp, name);
      }

      // Checkout of an eSIM: the phone check is reached by Tab and ticked by Space.
      await page.goto(`pages/goods/goods?id=${esim}`);
      await page.locator('.action-bar button').filter({ hasText: text.buyNow }).click();
      await expect(page).toHaveURL(/order-create/);
      await checkPage(page, cdp, 'checkout');
      const tick = page.getByRole('checkbox', { name: text.confirm });
      await expect(tick).toHaveAttribute(REACHED, '');
      await expect(tick).not.toBeChecked();
      await tick.focus();
      await page.keyboard.press('Space');
      await expect(tick).toBeChecked();
      await expect(page.locator('.action-bar button').filter({ hasText: text.submit })).toBeEnabled();
      await keepScreen(page, `tick-${l.lang}`);
      await page.keyboard.press('Space');
      await expect(tick).not.toBeChecked();

      // A paid eSIM order: its "QR code and install" row is a link Tab reaches and Enter opens.
      const orderNo = await createOrder(page, token, esim);
      // Its payment page: the methods are radio buttons Tab enters and the arrow keys choose.
      await page.goto(`pages/order/order-pay?orderNo=${orderNo}`);
      await checkPage(page, cdp, 'pay');
      await page.getByRole('radio').first().focus();
      await keepScreen(page, `pay-${l.lang}`);
      await payBySandbox(page, token, orderNo);
      await page.goto(`pages/order/order-detail?orderNo=${orderNo}`);
      const row = page.locator('.delivered-esims .adm-list-item').filter({ hasText: text.install });
      // The SM-DP+ issues the profile from the outbox a moment after the payment; the page reads the order again until it is listed.
      await expect(row).toHaveCount(1, { timeout: 15_000 });
      await checkPage(page, cdp, 'order');
      const link = row.getByRole('link');
      await expect(link).toHaveAttribute(REACHED, '');
      await link.focus();
      await keepScreen(page, `row-${l.lang}`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/esim-detail\?id=\d+/);

      await page.goto('pages/mine/esim/esim');
      await checkPage(page, cdp, 'my-esims');
    });

    test('Tab reaches every control a tap can on the blog and a post, the tutorials and one, the tools and the eSIM check, a destination, the sign-in pages and the devices', async ({ page }) => {
      test.setTimeout(180_000);
      const cdp = await page.context().newCDPSession(page);
      for (const [name, path] of [
        ['blog', 'pages/blog/index'],
        ['blog post', 'pages/blog/detail?id=1'],
        ['tutorials', 'pages/mine/tutorial/tutorial'],
        ['tutorial', 'pages/mine/tutorial/tutorial-detail?id=1'],
        ['tools', 'pages/tools/index'],
        ['eSIM check', 'pages/tools/esim-check'],
        ['destination', 'esim/japan'],
        ['sign-in', 'pages/login/regular'],
        ['reseller sign-in', 'pages/login/reseller'],
        ['forgot password', 'pages/login/forgot-password'],
      ] as const) {
        await page.goto(path);
        await checkPage(page, cdp, name);
      }
      await signInAs(page, 'demo@simshop.local');
      await page.goto('pages/mine/device/device');
      await checkPage(page, cdp, 'devices');
    });

    test("a reseller's Manage eSIM: Tab reaches every control a tap can on its generate and search tabs", async ({ page }) => {
      const cdp = await page.context().newCDPSession(page);
      await page.goto('pages/index/index');
      await signInAs(page, 'reseller@simshop.local', 'demo1234', true);
      for (const [name, path] of [
        ['mine (reseller)', 'pages/mine/index'],
        ['manage-esim generate', 'pages/esim/index'],
        ['manage-esim search', 'pages/esim/index?tab=search'],
      ] as const) {
        await page.goto(path);
        await checkPage(page, cdp, name);
      }
    });
  });
}
