import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 time-based one-time passwords (SHA-1, 30 s steps, 6 digits), as authenticator apps use. */
const STEP_MS = 30_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function totpUrl(secret: string, account: string, issuer = 'simshop'): string {
  return `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}

export function totpStep(now: number): number {
  return Math.floor(now / STEP_MS);
}

export function totpCodeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

/**
 * The step a code belongs to, allowing one step of clock drift either way, or null. The caller
 * refuses a step at or before the last one accepted, so a code works once.
 */
export function matchTotp(secret: string, code: string, now: number): number | null {
  const current = totpStep(now);
  for (const step of [current, current - 1, current + 1]) {
    const expected = Buffer.from(totpCodeAt(secret, step));
    const given = Buffer.from(code.padEnd(6).slice(0, 6));
    if (timingSafeEqual(expected, given)) return step;
  }
  return null;
}

function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(ch);
    if (index === -1) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}
