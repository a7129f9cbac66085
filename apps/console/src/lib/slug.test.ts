import { describe, expect, it } from 'vitest';
import { datedSlug, slugFromText } from './slug';

describe('slugs from typed names', () => {
  it('keeps lowercase ASCII words joined by hyphens, accents dropped', () => {
    expect(slugFromText('Roaming in Seoul!')).toBe('roaming-in-seoul');
    expect(slugFromText('  Café   Crème 5G  ')).toBe('cafe-creme-5g');
    expect(slugFromText('亚洲 eSIM 5GB')).toBe('esim-5gb');
  });

  it('gives nothing for a Chinese-only text, and never ends in a hyphen when cut', () => {
    expect(slugFromText('首尔漫游')).toBe('');
    expect(slugFromText(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('dates the fallback slug with four random letters', () => {
    expect(datedSlug('post', new Date('2026-12-03T10:00:00Z'))).toMatch(/^post-20261203-[a-z0-9]{4}$/);
  });
});
