import { expect, test } from '@playwright/test';
import { registerAndSignIn } from './support/accounts';
import { expectAccessible } from './support/axe';
import { EN, ZH } from './support/shop';
import { keepScreen } from './support/screens';

/**
 * Mine → Notifications → "Alerts on this device": the switch says in words what this browser can
 * do (blocked without the permission, off once allowed), is reached and toggled from the
 * keyboard, and waits for the data and expiry alerts it belongs to.
 */
const T = {
  en: {
    device: 'Alerts on this device',
    usage: 'Data and expiry alerts',
    off: 'Off: turn on to see data and expiry alerts',
    blocked: 'Blocked: allow notifications for this site',
    on: 'On: this device shows data and expiry alerts',
    needs: 'Turn on data and expiry alerts above first',
  },
  'zh-Hans': {
    device: '在此设备上提醒',
    usage: '流量和到期提醒',
    off: '已关闭：开启后，流量和到期提醒会以通知形式显示',
    blocked: '已被阻止：请在浏览器设置中允许本网站发送通知',
    on: '已开启：此设备会显示流量和到期提醒',
    needs: '请先开启上方的流量和到期提醒',
  },
} as const;

/**
 * The browser vendor's push service, which the test cannot reach: Chromium's `subscribe` asks
 * Google's servers. This stands in for it in the page, as the SMTP sink stands in for a mail
 * server: it checks it was given the shop's VAPID key (65 bytes), makes the keys a browser would
 * (P-256 with WebCrypto, a 16-byte auth secret) and keeps the subscription across reloads.
 */
function standInPushService() {
  const KEY = 'test-push-subscription';
  type Json = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  const b64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const wrap = (json: Json) => ({ endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => (localStorage.removeItem(KEY), true) });
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem(KEY);
    return (saved ? wrap(JSON.parse(saved) as Json) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array | undefined;
    if (!options?.userVisibleOnly || !key || key.byteLength !== 65 || key[0] !== 4) throw new DOMException('not a VAPID key', 'InvalidAccessError');
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const json: Json = { endpoint: `https://push.example.net/wpush/${crypto.randomUUID()}`, expirationTime: null, keys: { p256dh: b64(await crypto.subtle.exportKey('raw', pair.publicKey)), auth: b64(crypto.getRandomValues(new Uint8Array(16))) } };
    localStorage.setItem(KEY, JSON.stringify(json));
    return wrap(json) as unknown as PushSubscription;
  };
}

for (const l of [EN, ZH]) {
  const text = T[l.lang];
  test.describe(`alerts on this device (${l.lang})`, () => {
    test.use({ serviceWorkers: 'allow', locale: l.locale, extraHTTPHeaders: { 'accept-language': l.locale }, viewport: { width: 390, height: 844 } });

    test('allowed: off until turned on, and waiting for the data and expiry alerts', async ({ page, context }) => {
      await context.grantPermissions(['notifications']);
      await context.addInitScript(standInPushService);
      await registerAndSignIn(page, 'device');
      await page.goto('pages/mine/index');
      const block = page.locator('.notification-settings');
      const device = block.getByRole('switch', { name: text.device });
      // The service worker is ready and the shop has a key: the switch can be used.
      await expect(device).toBeEnabled();
      await expect(device).not.toBeChecked();
      await expect(device).toHaveAccessibleDescription(new RegExp(`^${text.off}`));
      await expectAccessible(page, ['.notification-settings']);
      await device.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await keepScreen(page, `device-alerts-off-${l.lang}`);

      // The alerts themselves off (from the keyboard): the device switch waits for them.
      const usage = block.getByRole('switch', { name: text.usage });
      await usage.focus();
      await page.keyboard.press('Space');
      await expect(usage).not.toBeChecked();
      await expect(device).toBeDisabled();
      await expect(device).toHaveAccessibleDescription(text.needs);
      // Saving disables the switch a moment (focus leaves it): back to it once it is saved.
      await expect(usage).toBeEnabled();
      await usage.focus();
      await page.keyboard.press('Space');
      await expect(usage).toBeChecked();
      await expect(device).toBeEnabled();
      // Tab reaches the device switch next; Space turns it on.
      await expect(usage).toBeEnabled();
      await usage.focus();
      await page.keyboard.press('Tab');
      await expect(device).toBeFocused();
      await page.keyboard.press('Space');
      await expect(device).toBeChecked();
      await expect(device).toHaveAccessibleDescription(text.on);
      // The shop kept it: on after a reload too, and off again from the keyboard.
      await page.reload();
      const again = page.locator('.notification-settings').getByRole('switch', { name: text.device });
      await expect(again).toBeChecked();
      await again.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await keepScreen(page, `device-alerts-on-${l.lang}`);
      await again.focus();
      await page.keyboard.press('Space');
      await expect(again).not.toBeChecked();
      await expect(again).toHaveAccessibleDescription(new RegExp(`^${text.off}`));
    });

    test('not allowed: blocked, said in words', async ({ page, context }) => {
      // The customer said no once: Chromium's permission set as the prompt would leave it.
      const cdp = await context.newCDPSession(page);
      await page.goto('pages/index/index');
      const { targetInfo } = await cdp.send('Target.getTargetInfo');
      await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: new URL(page.url()).origin, browserContextId: targetInfo.browserContextId });
      await registerAndSignIn(page, 'device-blocked');
      await page.goto('pages/mine/index');
      const device = page.locator('.notification-settings').getByRole('switch', { name: text.device });
      await expect(device).toHaveAccessibleDescription(new RegExp(`^${text.blocked}`));
      await expect(device).toBeDisabled();
      await expectAccessible(page, ['.notification-settings']);
      await device.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await keepScreen(page, `device-alerts-blocked-${l.lang}`);
    });
  });
}
