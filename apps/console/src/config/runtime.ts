/**
 * What the server writes into index.html (`window.__SIMSHOP__`): the client certificate and its
 * signing secret (DESIGN §3: it proves the request came through a client build, nothing more;
 * authorisation is the staff session and the permission checks on the server) and where static
 * files live. No provider key or other secret ever reaches the console.
 */
export interface RuntimeConfig {
  readonly certificate: string;
  readonly secret: string;
  readonly staticHost: string;
  /** Where the shop is, for "view in shop" links and previews. */
  readonly shopBase: string;
}

declare global {
  interface Window {
    __SIMSHOP__?: Partial<Record<keyof RuntimeConfig, unknown>>;
  }
}

const DEV: RuntimeConfig = { certificate: 'web', secret: 'simshop-dev-signing-secret', staticHost: '/static', shopBase: '/uni' };

function read(injected: Window['__SIMSHOP__']): RuntimeConfig {
  const pick = (key: keyof RuntimeConfig): string => {
    const value = injected?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value : DEV[key];
  };
  return { certificate: pick('certificate'), secret: pick('secret'), staticHost: pick('staticHost').replace(/\/+$/, ''), shopBase: pick('shopBase').replace(/\/+$/, '') };
}

export const runtime: RuntimeConfig = read(typeof window === 'undefined' ? undefined : window.__SIMSHOP__);
export const CONSOLE_BASENAME = '/console';
