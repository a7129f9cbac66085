import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpCodeAt, totpStep } from './totp.ts';

describe('totp', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" (base32 below), 8 digits there; the last 6 here.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it('matches the RFC 6238 test vectors', () => {
    expect(totpCodeAt(rfcSecret, totpStep(59_000))).toBe('287082');
    expect(totpCodeAt(rfcSecret, totpStep(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(rfcSecret, totpStep(2_000_000_000_000))).toBe('279037');
  });
  it('accepts one step of drift and refuses others', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCodeAt(secret, step), now)).toBe(step);
    expect(matchTotp(secret, totpCodeAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCodeAt(secret, step + 3), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
  });
});
