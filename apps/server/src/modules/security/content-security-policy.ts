import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the shop's and the console's HTML. The session token
 * lives in localStorage, so what matters most is that no script runs but the app's own files and
 * the one inline configuration script the server writes (allowed by its hash, so no nonce and no
 * 'unsafe-inline' for scripts), and that no other site frames the apps (clickjacking).
 * Styles allow 'unsafe-inline': antd and antd-mobile set style attributes and inject style tags.
 */
export interface PolicyOptions {
  /** The inline scripts' exact text, each allowed by its SHA-256. */
  inlineScripts: readonly string[];
  /** STATIC_HOST: an absolute address adds its origin to images and fetches. */
  staticHost: string;
  /** Where the app may embed pages from (the shop's external-page iframe); none when empty. */
  frameSources: readonly string[];
  /** Who may frame the app: 'none', or 'self' for the shop so the console on the same origin can preview it. */
  frameAncestors: "'none'" | "'self'";
  /** Other script origins (WeChat's JS-SDK when an official account is configured). */
  scriptSources?: readonly string[];
}

export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

function originOf(address: string): string | null {
  try {
    return /^https?:\/\//i.test(address) ? new URL(address).origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  const staticOrigin = originOf(options.staticHost);
  const withStatic = (...sources: string[]) => [...sources, ...(staticOrigin ? [staticOrigin] : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${[...(options.scriptSources ?? []), ...options.inlineScripts.map(scriptHash)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Content images may be absolute https addresses; QR codes and the image code are data: URLs.
    `img-src ${withStatic("'self'", 'data:', 'blob:', 'https:')}`,
    `connect-src ${withStatic("'self'")}`,
    "font-src 'self' data:",
    `frame-src ${options.frameSources.length ? options.frameSources.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
}
