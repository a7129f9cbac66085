/**
 * Apps that open links in a browser of their own. Their browsers cannot hand an eSIM to the
 * phone's settings (the iPhone's one-tap install link is blocked), so the install page tells the
 * customer how to leave for Safari or Chrome. One detection for the whole shop.
 */
export type InAppApp = 'wechat' | 'instagram' | 'facebook' | 'line' | 'tiktok' | 'douyin';
export type PhoneOs = 'ios' | 'android' | 'other';

export interface InAppBrowser {
  readonly app: InAppApp;
  readonly os: PhoneOs;
}

// Each app's own mark in its user agent; Douyin before TikTok, both carry ByteDance's web view.
const MARKS: ReadonlyArray<readonly [InAppApp, RegExp]> = [
  ['wechat', /MicroMessenger\//i],
  ['instagram', /\bInstagram \d/],
  ['facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\//],
  ['line', /\bLine\/\d/],
  ['douyin', /\baweme(_|\/)/i],
  ['tiktok', /\bmusical_ly_|\btrill_|\bBytedanceWebview\//],
];

export function phoneOs(userAgent: string): PhoneOs {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

/** The app whose built-in browser this is, or null for an ordinary browser. */
export function detectInAppBrowser(userAgent: string | undefined): InAppBrowser | null {
  const ua = userAgent ?? '';
  const found = MARKS.find(([, mark]) => mark.test(ua));
  return found ? { app: found[0], os: phoneOs(ua) } : null;
}

/** This page's user agent, or '' before there is a browser. */
export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/**
 * How to leave the app's browser, as text keys: the menu's glyph in the top corner and the name
 * of its item, which WeChat words after the phone's browser.
 */
export function leaveSteps(browser: InAppBrowser): { menu: string; itemKey: string; browserKey: string } {
  const browserKey = `inapp.browser.${browser.os}`;
  const menu = browser.app === 'line' && browser.os === 'android' ? '⋮' : '···';
  const itemKey = browser.app === 'wechat' ? `inapp.item.wechat.${browser.os === 'ios' ? 'ios' : 'other'}` : `inapp.item.${browser.app}`;
  return { menu, itemKey, browserKey };
}

/** LINE opens a link carrying openExternalBrowser=1 in the phone's own browser. */
export function lineExternalUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set('openExternalBrowser', '1');
  return url.toString();
}
