import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

// The proof of work before a code is sent (accounts.ts): what is hashed and how a hash
// is scored, the same in the browser's worker and on the server. No zod here: the worker loads this.

/** What is hashed for a counter: the same bytes in the browser and on the server. */
export const powMessage = (nonce: string, counter: number | string) => `${nonce}:${counter}`;

/** SHA-256 of a counter in plain JavaScript: for browsers without crypto.subtle (pages not served over HTTPS). */
export const powDigest = (nonce: string, counter: number | string): Uint8Array => sha256(utf8ToBytes(powMessage(nonce, counter)));

/** Zero bits at the start of a hash, counted until the first one bit. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}
