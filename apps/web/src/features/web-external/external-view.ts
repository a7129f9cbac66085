/**
 * What the external page (SPEC §2 /pages/web/external?url=…&target=…) shows. Its address can be
 * written by anyone, so it is never an open redirect: `_self` goes straight on only
 * within the shop's own origin; any other site gets a page that names it and asks first.
 */
export type ExternalView =
  | { kind: 'invalid' }
  /** Leave for it in this window, at once (the shop's own origin). */
  | { kind: 'go'; url: URL }
  /** Say where the link leads and ask before leaving this window. */
  | { kind: 'confirm'; url: URL }
  /** Show it embedded, with a button to open it in the browser (leading for `_blank`). */
  | { kind: 'embed'; url: URL; openFirst: boolean };

/** Only web addresses are shown; `javascript:` and friends must never reach the iframe or the window. */
export function parseWebUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function externalView(rawUrl: string | null, target: string, shopOrigin: string): ExternalView {
  const url = parseWebUrl(rawUrl);
  if (!url) return { kind: 'invalid' };
  if (target === '_self') return url.origin === shopOrigin ? { kind: 'go', url } : { kind: 'confirm', url };
  return { kind: 'embed', url, openFirst: target === '_blank' };
}
