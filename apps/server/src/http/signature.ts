import { hash } from 'node:crypto';
import { signaturePayload, type SignatureHasher } from '@simshop/contract';

/** SHA-256's block: HMAC pads its key to it (RFC 2104). */
const BLOCK = 64;

/** The key's inner and outer pads, for the last secret seen (the server has one); `inner` also holds the message after its pad. */
let keyed: { secret: string; inner: Buffer; outer: Buffer } | null = null;

function padsFor(secret: string) {
  if (keyed?.secret === secret) return keyed;
  let key = Buffer.from(secret, 'utf8');
  if (key.length > BLOCK) key = hash('sha256', key, 'buffer');
  const inner = Buffer.alloc(BLOCK + 16_384);
  const outer = Buffer.alloc(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  return (keyed = { secret, inner, outer });
}

/**
 * The contract's request signature computed with node's crypto: the contract's pure-JS HMAC
 * has to run in browsers without WebCrypto, but on the server it was a measurable share of every
 * request. HMAC-SHA256 from two one-shot hashes over pads prepared once per secret:
 * `createHmac` built an OpenSSL context and a JS object with a weak handle on every request.
 * Synchronous, so the shared buffers are never used by two requests at once. signature.test.ts
 * holds it to the contract's answers, including Chinese, emoji and long bodies.
 */
export const nodeSignature: SignatureHasher = (secret, input) => {
  const { inner, outer } = padsFor(secret);
  const message = signaturePayload(input);
  // UTF-8 takes at most three bytes per UTF-16 unit; a longer body gets a buffer of its own.
  let buffer = inner;
  if (BLOCK + message.length * 3 > inner.length) {
    buffer = Buffer.allocUnsafe(BLOCK + message.length * 3);
    inner.copy(buffer, 0, 0, BLOCK);
  }
  const length = buffer.write(message, BLOCK, 'utf8');
  hash('sha256', buffer.subarray(0, BLOCK + length), 'buffer').copy(outer, BLOCK);
  return hash('sha256', outer, 'hex');
};
