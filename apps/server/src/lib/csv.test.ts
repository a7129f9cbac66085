import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads a header and rows, trimming cells', () => {
    expect(parseCsv('code, stock\nA-1, 5\r\nB-2,0\n')).toEqual([
      { code: 'A-1', stock: '5' },
      { code: 'B-2', stock: '0' },
    ]);
  });

  it('handles quotes, commas and line breaks inside quotes, and a BOM', () => {
    expect(parseCsv('\uFEFFname,note\n"Asia, 5 GB","He said ""hi""\nthen left"\n')).toEqual([{ name: 'Asia, 5 GB', note: 'He said "hi"\nthen left' }]);
  });

  it('skips blank lines and fills missing cells with empty strings', () => {
    expect(parseCsv('a,b,c\n\n1\n')).toEqual([{ a: '1', b: '', c: '' }]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/quoted/);
  });
});
