/** What the page keeps across the trip to WeChat's authorisation page (this tab only). */
const KEY = 'simshop.wechat.oauth';

export interface PendingSignIn {
  state: string;
  /** The shop page to return to after signing in. */
  redirect: string;
}

export function rememberSignIn(pending: PendingSignIn): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** The sign-in this tab started, once: a second read finds nothing (a code is used once). */
export function takeSignIn(): PendingSignIn | null {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** Only a page of this shop may be returned to, never the sign-in pages themselves. */
export function safeRedirect(target: string | null, fallback: string): string {
  return target && /^\/pages\/[A-Za-z0-9/_-]+(\?[^#]*)?$/.test(target) && !target.startsWith('/pages/login') ? target : fallback;
}

const LINK_KEY = 'simshop.wechat.link';

/** A WeChat waiting to be linked to the account its owner is signing in to (this tab only). */
export interface PendingLink {
  linkToken: string;
  /** The OAuth state of the sign-in: the server accepts the link token only with it. */
  state: string;
  redirect: string;
}

export function rememberLink(pending: PendingLink): void {
  sessionStorage.setItem(LINK_KEY, JSON.stringify(pending));
}

export function takeLink(): PendingLink | null {
  const raw = sessionStorage.getItem(LINK_KEY);
  sessionStorage.removeItem(LINK_KEY);
  try {
    return raw ? (JSON.parse(raw) as PendingLink) : null;
  } catch {
    return null;
  }
}
