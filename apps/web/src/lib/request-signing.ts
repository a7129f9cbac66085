import { signaturePayload, signedHeaders } from '@simshop/contract';

/**
 * The shop's request signing (DESIGN §3): the same HMAC-SHA256 over the same payload as the
 * contract's `signRequest`, so the wire is identical, computed with the browser's WebCrypto
 * rather than a JavaScript hash (that hash was a few KB of the first screen). WebCrypto
 * exists only in secure contexts (https, localhost); a shop tried out over plain http on another
 * address loads the JavaScript HMAC on demand instead.
 */
export async function signRequestInBrowser(
  client: { readonly certificate: string; readonly secret: string },
  request: { query: string; body: string; token?: string | null | undefined },
  now: number = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(now);
  const token = request.token ?? '';
  const payload = signaturePayload({ query: request.query, body: request.body, token, timestamp });
  return signedHeaders(client.certificate, timestamp, token, await hmacSha256Hex(client.secret, payload));
}

const encoder = new TextEncoder();
// One imported key per secret: importKey costs about as much as the HMAC itself.
const keys = new Map<string, Promise<CryptoKey>>();

export async function hmacSha256Hex(secret: string, payload: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    const { hmacSha256HexFallback } = await import('./hmac-fallback');
    return hmacSha256HexFallback(secret, payload);
  }
  let key = keys.get(secret);
  if (!key) {
    key = subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  const mac = new Uint8Array(await subtle.sign('HMAC', await key, encoder.encode(payload)));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
