import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvRecords } from './csv.ts';

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

  it('tells the line each row starts on, counting blank lines and breaks inside quotes', () => {
    const records = parseCsvRecords('a,b\r\n1,"x\r\ny"\n\n2,z\n');
    expect(records.map((r) => [r.line, r.row.a])).toEqual([
      [2, '1'],
      [5, '2'],
    ]);
    expect(() => parseCsvRecords('a\n1\n"open')).toThrow(CsvError);
    try {
      parseCsvRecords('a\n1\n"open');
    } catch (err) {
      expect((err as CsvError).line).toBe(3);
    }
  });
});
