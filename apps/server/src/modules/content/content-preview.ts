import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '@simshop/contract';

/**
 * Preview tokens: the console asks for one, and the shop's home page passes it back
 * (`?preview=`) to render the block's unpublished draft. A token names one block and language
 * and expires; it is an HMAC under the server's file-token secret (not the signing secret, which
 * every browser has), so nobody can make one up to read drafts.
 */
export interface PreviewToken {
  name: string;
  version: string;
  lang: Language;
  expiresAt: number;
}

export const PREVIEW_TTL_MS = 30 * 60_000;

const mac = (secret: string, body: string) => createHmac('sha256', `content-preview:${secret}`).update(body).digest('base64url');

export function sealPreviewToken(secret: string, token: PreviewToken): string {
  const body = Buffer.from(JSON.stringify([token.name, token.version, token.lang, token.expiresAt])).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The token's block, or null when it is malformed, altered or expired. */
export function openPreviewToken(secret: string, value: string, now: number): PreviewToken | null {
  const [body, sig, extra] = value.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [name, version, lang, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, string, number];
    if ((lang !== 'en' && lang !== 'zh-Hans') || typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { name, version, lang, expiresAt };
  } catch {
    return null;
  }
}
