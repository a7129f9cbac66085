import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * HMAC-SHA256 in JavaScript (the contract's own hash library), for pages without WebCrypto: plain
 * http on an address other than localhost. Its own chunk, loaded only there, never on the first screen.
 */
export function hmacSha256HexFallback(secret: string, payload: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(payload)));
}
