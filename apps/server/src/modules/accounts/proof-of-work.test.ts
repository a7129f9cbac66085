import { createHash } from 'node:crypto';
import { leadingZeroBits, powMessage } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { meetsDifficulty, solveProof } from './proof-of-work.ts';

describe('leadingZeroBits', () => {
  it('counts zero bits up to the first one bit', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10, 0xff]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00]))).toBe(16);
  });
});

describe('proof-of-work verifier', () => {
  const nonce = '6f1c0c7e4b2a4f0a9d3e8b7c6a5f4e3d';

  it('accepts the counter the search finds, whose hash starts with the zero bits', () => {
    for (const difficulty of [1, 8, 12]) {
      const counter = solveProof(nonce, difficulty);
      expect(meetsDifficulty(nonce, difficulty, counter)).toBe(true);
      const hash = createHash('sha256').update(powMessage(nonce, counter)).digest();
      expect(leadingZeroBits(hash)).toBeGreaterThanOrEqual(difficulty);
      // The first one found: every smaller counter fails.
      for (let c = 0; c < Number(counter); c++) expect(meetsDifficulty(nonce, difficulty, String(c))).toBe(false);
    }
  });

  it('refuses a counter for another nonce or a harder difficulty', () => {
    const counter = solveProof(nonce, 12);
    expect(meetsDifficulty(nonce.replace(/^6/, '7'), 12, counter)).toBe(false);
    // 20 bits: the chance that the 12-bit answer also meets it is 1 in 256; this nonce's does not.
    expect(meetsDifficulty(nonce, 20, counter)).toBe(false);
  });

  it('checks in microseconds', () => {
    const counter = solveProof(nonce, 8);
    const start = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++) meetsDifficulty(nonce, 16, counter);
    const perCheckUs = Number(process.hrtime.bigint() - start) / 1000 / 1000;
    expect(perCheckUs).toBeLessThan(100);
  });
});
