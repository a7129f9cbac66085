import type { Link } from '@simshop/contract';
import { buildQuery, findRouteByName, findRouteByPath, paths, stripBasename } from '@/config/paths';
import type { Query, RouteDef } from '@/config/paths';
import { detectInAppBrowser } from './in-app-browser';

/**
 * The rules for opening pages and links (SPEC §2), in one place.
 *
 * The decisions are pure functions of the target and the current location, so every rule is
 * unit-tested without a browser; `openPage`/`openLink` carry a decision out through a few
 * injected effects (navigate, notify, open a window, download) that the app wires at start.
 */

export interface CurrentLocation {
  /** With or without the /uni basename. */
  readonly pathname: string;
  /** `?a=1` or ''. */
  readonly search: string;
}

export interface OpenContext {
  readonly location: CurrentLocation;
  readonly userAgent?: string;
}

export interface OpenOptions {
  /** For login pages: where to return afterwards (overrides the current page). */
  readonly redirect?: string | undefined;
  /** For web addresses: `_blank` (new window), `_self` (leave the shop), or '' (embedded). */
  readonly target?: string | undefined;
  /** Extra query merged into the target's own query. */
  readonly query?: Query | undefined;
}

export type OpenDecision =
  | { readonly kind: 'tab'; readonly path: string }
  | { readonly kind: 'relaunch'; readonly path: string; readonly redirect: string }
  | { readonly kind: 'external'; readonly url: string; readonly target: string; readonly path: string }
  | { readonly kind: 'navigate'; readonly path: string }
  | { readonly kind: 'not-found'; readonly path: string };

export type LinkDecision =
  | { readonly kind: 'page'; readonly open: OpenDecision }
  | { readonly kind: 'mp'; readonly appId: string; readonly path?: string }
  | { readonly kind: 'download'; readonly file: string }
  | { readonly kind: 'invalid' };

/** The messaging app's (WeChat's) in-app browser: it has no tabs, so links stay in the window. */
export function isWeChatBrowser(userAgent: string | undefined): boolean {
  return detectInAppBrowser(userAgent)?.app === 'wechat';
}

function isAbsoluteUrl(value: string): boolean {
  try {
    // URL.canParse is missing from browsers still in use (Safari < 17).
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const NOT_FOUND: OpenDecision = { kind: 'not-found', path: paths['not-found'].path };

/** Splits `name-or-path?query#hash` and returns the route plus its query as a record. */
function resolveTarget(target: string): { route: RouteDef | undefined; query: Record<string, string> } {
  const withoutHash = target.split('#', 1)[0] ?? '';
  const q = withoutHash.indexOf('?');
  const base = q === -1 ? withoutHash : withoutHash.slice(0, q);
  const query = Object.fromEntries(new URLSearchParams(q === -1 ? '' : withoutHash.slice(q + 1)));
  // A path has a slash ('/pages/x', 'pages/x', '/uni/pages/x'); anything else is a shortcut name.
  const route = base.includes('/') ? findRouteByPath(base.startsWith('/') ? base : `/${base}`) : findRouteByName(base);
  return { route, query };
}

/** The current route plus its query, without the basename: what a login page returns to. */
export function currentRoute(location: CurrentLocation): string {
  return `${stripBasename(location.pathname)}${location.search === '?' ? '' : location.search}`;
}

/**
 * Where a login page sends the user back to: the current page's own `redirect` parameter if it
 * has one (so chained logins keep the original destination), else the current route and query.
 * A login page never redirects to a login page, which would loop.
 */
export function loginRedirect(location: CurrentLocation): string {
  const own = new URLSearchParams(location.search).get('redirect');
  if (own) return own;
  const here = findRouteByPath(location.pathname);
  if (here?.name.startsWith('login')) return paths.home.path;
  return currentRoute(location);
}

/** Decides how to open a page name, a path or a web address (SPEC §2 "Rules for opening pages"). */
export function decideOpen(target: string, context: OpenContext, options: OpenOptions = {}): OpenDecision {
  const t = target.trim();
  if (t === '') return NOT_FOUND;

  // "A name starting with http goes to the external web page."
  if (t.startsWith('http')) {
    if (!isAbsoluteUrl(t)) return NOT_FOUND;
    const target = isWeChatBrowser(context.userAgent) ? '_self' : (options.target ?? '');
    return { kind: 'external', url: t, target, path: paths['web-external'].getHref({ url: t, target }) };
  }

  const { route, query } = resolveTarget(t);
  if (!route) return NOT_FOUND;
  const merged = { ...query, ...options.query };

  if (route.name.startsWith('login')) {
    const redirect = options.redirect ?? loginRedirect(context.location);
    return { kind: 'relaunch', path: route.getHref({ ...merged, redirect }), redirect };
  }
  if (route.tab) return { kind: 'tab', path: `${route.path}${buildQuery(merged)}` };
  return { kind: 'navigate', path: `${route.path}${buildQuery(merged)}` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Decides how to open a content link (SPEC §2 "Link types"). Links come from server content,
 * so the shape is checked here rather than trusted: anything malformed is `invalid`, which
 * shows the wrong-parameter message.
 */
export function decideLink(link: Link | unknown, context: OpenContext): LinkDecision {
  if (!isRecord(link)) return { kind: 'invalid' };
  switch (link.type) {
    case 'inner':
    case 'goods': {
      if (!nonEmpty(link.page)) return { kind: 'invalid' };
      const redirect = nonEmpty(link.redirect) ? link.redirect : undefined;
      return { kind: 'page', open: decideOpen(link.page, context, { redirect }) };
    }
    case 'outer': {
      if (!nonEmpty(link.url) || !/^https?:\/\//i.test(link.url)) return { kind: 'invalid' };
      const target = nonEmpty(link.target) ? link.target : undefined;
      return { kind: 'page', open: decideOpen(link.url, context, { target }) };
    }
    case 'mp':
      if (!nonEmpty(link.appId)) return { kind: 'invalid' };
      return nonEmpty(link.path) ? { kind: 'mp', appId: link.appId, path: link.path } : { kind: 'mp', appId: link.appId };
    case 'download':
      return nonEmpty(link.file) ? { kind: 'download', file: link.file } : { kind: 'invalid' };
    default:
      return { kind: 'invalid' };
  }
}

// ---------------------------------------------------------------------------------------------
// Carrying decisions out

export interface PageOpenerEffects {
  /** Router navigation to a path under the basename. */
  navigate(path: string, options?: { replace?: boolean }): void;
  location(): CurrentLocation;
  userAgent(): string;
  /** Opens a new browser window in the user's gesture; false when a pop-up blocker refused. */
  openWindow(url: string): boolean;
  /** Shows the translated error message of an i18n key. */
  notify(key: string): void;
  download(file: string): void;
}

let effects: PageOpenerEffects | null = null;

/** Wires the opener to the router and the toasts; called once at start (and by tests). */
export function configurePageOpener(next: PageOpenerEffects | null): void {
  effects = next;
}

function required(): PageOpenerEffects {
  if (!effects) throw new Error('open-page: configurePageOpener() was not called');
  return effects;
}

/** The i18n key of the message shown for a mini-program link, which a web shop cannot open. */
export const MP_UNSUPPORTED_KEY = 'open-page.mp-unsupported';
/** SPEC §2: "An unknown type shows the wrong-parameter message." */
export const WRONG_PARAMETER_KEY = 'res.param.error';

function context(fx: PageOpenerEffects): OpenContext {
  return { location: fx.location(), userAgent: fx.userAgent() };
}

export function executeOpen(decision: OpenDecision, fx: PageOpenerEffects = required()): void {
  switch (decision.kind) {
    case 'relaunch':
      // A web app cannot drop its history; replacing the entry is the nearest to a relaunch and
      // keeps "back" from returning to the page that asked for the sign-in.
      fx.navigate(decision.path, { replace: true });
      return;
    case 'external':
      // A new window has to be opened inside the click; when a blocker refuses, the external
      // page still shows the address embedded and offers the button.
      if (decision.target === '_blank' && fx.openWindow(decision.url)) return;
      fx.navigate(decision.path);
      return;
    case 'tab':
    case 'not-found':
      fx.navigate(decision.path);
      return;
    case 'navigate':
      // SPEC: "If that fails it falls back to tab switching, then to the 404 page."
      try {
        fx.navigate(decision.path);
      } catch {
        const tab = findRouteByPath(decision.path.split('?', 1)[0] ?? '');
        fx.navigate(tab?.tab ? tab.path : NOT_FOUND.path);
      }
      return;
  }
}

/** Opens a shortcut name, a path under /uni or a web address by the spec's rules. */
export function openPage(target: string, options?: OpenOptions): void {
  const fx = required();
  executeOpen(decideOpen(target, context(fx), options), fx);
}

/** Opens a content link (inner/goods, outer, mp, download). */
export function openLink(link: Link | unknown): void {
  const fx = required();
  const decision = decideLink(link, context(fx));
  switch (decision.kind) {
    case 'page':
      executeOpen(decision.open, fx);
      break;
    case 'mp':
      // The mini-program page opens it inside WeChat (open tag) and explains it elsewhere.
      executeOpen(decideOpen(paths['wechat-mp'].getHref({ appId: decision.appId, path: decision.path }), context(fx)), fx);
      break;
    case 'download':
      fx.download(decision.file);
      break;
    case 'invalid':
      fx.notify(WRONG_PARAMETER_KEY);
      break;
  }
}
