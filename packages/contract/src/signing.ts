import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signing (DESIGN §3). The secret ships inside the web build, so a valid signature only
 * proves the request came through a client build and was not altered on the way; who may do
 * what is decided by the session token and server-side checks, never by this.
 *
 * A pure-JS HMAC is used here (server, console, tests) because it answers synchronously and
 * crypto.subtle is missing on plain-http origins other than localhost; the shop signs with
 * WebCrypto where it has it and loads this HMAC only where it does not (first-screen weight).
 */
export const SIGNATURE_HEADERS = {
  certificate: 'certificate',
  timestamp: 'timestamp',
  signature: 'signature',
  token: 'token',
} as const;

/** How far a request's timestamp may be from the server clock, in milliseconds. */
export const SIGNATURE_TOLERANCE_MS = 300_000;

export interface SignatureInput {
  /** The raw query string without the leading '?', e.g. `action=get_cache`. */
  query: string;
  /** The raw request body as sent ('' for none or an unsigned upload). */
  body: string;
  /** The session token, '' when signed out. */
  token: string;
  /** Milliseconds since the epoch, as sent in the timestamp header. */
  timestamp: string;
}

export function signaturePayload(input: SignatureInput): string {
  return `${input.query}\n${input.body}\n${input.token}\n${input.timestamp}`;
}

/** HMAC-SHA256 of the payload as lowercase hex; the server passes node's own (same answer, much faster). */
export type SignatureHasher = (secret: string, input: SignatureInput) => string;

export function computeSignature(secret: string, input: SignatureInput): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(signaturePayload(input))));
}

/** The headers a client adds to a request. */
export function signRequest(
  client: { certificate: string; secret: string },
  request: { query: string; body: string; token?: string | null | undefined },
  now: number = Date.now(),
): Record<string, string> {
  const timestamp = String(now);
  const token = request.token ?? '';
  return signedHeaders(client.certificate, timestamp, token, computeSignature(client.secret, { query: request.query, body: request.body, token, timestamp }));
}

/**
 * The headers of a request whose signature is already computed: the shop computes it with the
 * browser's WebCrypto, which answers asynchronously (apps/web/src/lib/request-signing.ts).
 */
export function signedHeaders(certificate: string, timestamp: string, token: string, signature: string): Record<string, string> {
  const headers: Record<string, string> = {
    [SIGNATURE_HEADERS.certificate]: certificate,
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.signature]: signature,
  };
  if (token) headers[SIGNATURE_HEADERS.token] = token;
  return headers;
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'mismatch';

/** Checks a received signature; constant-time on the comparison. */
export function checkSignature(secret: string, input: SignatureInput, signature: string | undefined, now: number = Date.now(), hasher: SignatureHasher = computeSignature): SignatureCheck {
  if (!signature || !input.timestamp) return 'missing';
  const ts = Number(input.timestamp);
  if (!Number.isFinite(ts) || Math.abs(now - ts) > SIGNATURE_TOLERANCE_MS) return 'stale';
  const expected = hasher(secret, input);
  if (expected.length !== signature.length) return 'mismatch';
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0 ? 'ok' : 'mismatch';
}
