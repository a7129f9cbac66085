/**
 * Runtime configuration injected by the server into index.html (it replaces the
 * `<!--simshop-config-->` comment with `window.__SIMSHOP__ = {...}`), so one build serves any
 * deployment. The Vite dev server has no such injection; the development defaults match the
 * server's documented development values.
 */
export interface RuntimeConfig {
  /** Which client this is, sent in the certificate header. */
  readonly certificate: string;
  /** The signing secret of that certificate (DESIGN §3: proves the client build, nothing more). */
  readonly secret: string;
  /** Where static files and images live, e.g. `/static` or `https://cdn.example.com`. */
  readonly staticHost: string;
  /** The WeChat official account's app id for the OAuth step of WeChat Pay; '' when not configured. */
  readonly wechatAppId: string;
  /** 'on' when the shop takes cards (whose fee the goods page, cart and confirmation quote); '' otherwise. */
  readonly cardPayments: string;
}

declare global {
  interface Window {
    __SIMSHOP__?: Partial<Record<keyof RuntimeConfig, unknown>>;
  }
}

export const DEV_RUNTIME: RuntimeConfig = {
  certificate: 'web',
  secret: 'simshop-dev-signing-secret',
  staticHost: '/static',
  wechatAppId: '',
  cardPayments: '',
};

/** Takes each value that is a non-empty string and falls back to the development default otherwise. */
export function readRuntimeConfig(injected: Window['__SIMSHOP__']): RuntimeConfig {
  const pick = (key: keyof RuntimeConfig): string => {
    const value = injected?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value : DEV_RUNTIME[key];
  };
  return { certificate: pick('certificate'), secret: pick('secret'), staticHost: pick('staticHost').replace(/\/+$/, ''), wechatAppId: pick('wechatAppId'), cardPayments: pick('cardPayments') };
}

export const runtime: RuntimeConfig = readRuntimeConfig(typeof window === 'undefined' ? undefined : window.__SIMSHOP__);

/** The server rendering the shop: the configuration its pages will carry (entry-server.tsx). */
export function configureRuntime(injected: Window['__SIMSHOP__']): void {
  Object.assign(runtime, readRuntimeConfig(injected));
}

if (typeof window !== 'undefined' && !window.__SIMSHOP__ && import.meta.env.PROD) {
  // A production build without the server's injection signs with development secrets, which a
  // production server refuses: say so once instead of failing every call silently.
  console.warn('simshop: window.__SIMSHOP__ is missing; using development defaults');
}
