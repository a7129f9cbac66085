import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv, toXlsx } from './spreadsheet.ts';

const table = { columns: ['code', 'status', 'n'], rows: [['JT0123456789', 'unused', 1], ['=cmd()', 'a "quoted", value', null], ['89860112345678901234', '中文', 2.5]] };

describe('toCsv', () => {
  it('quotes what needs quoting, neutralises formulas and starts with a BOM', () => {
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['code,status,n', 'JT0123456789,unused,1', `'=cmd(),"a ""quoted"", value",`, '89860112345678901234,中文,2.5', '']);
  });
});

describe('neutraliseFormula', () => {
  it('prefixes a formula start at the beginning, full-width included', () => {
    for (const [text, safe] of [
      ['=1+1', "'=1+1"],
      ['+1+1', "'+1+1"],
      ['-1+1', "'-1+1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', "'\t'=1"],
      ['\r=1', "'\r'=1"],
      ['＝1+1', "'＝1+1"],
      ['＋1', "'＋1"],
      ['－1', "'－1"],
      ['＠x', "'＠x"],
    ] as const)
      expect(neutraliseFormula(text), JSON.stringify(text)).toBe(safe);
  });

  it('prefixes a formula start after every separator, tab or line break inside the value', () => {
    expect(neutraliseFormula(';=1+1')).toBe(";'=1+1");
    expect(neutraliseFormula('a;=cmd')).toBe("a;'=cmd");
    expect(neutraliseFormula('a,=cmd')).toBe("a,'=cmd");
    expect(neutraliseFormula('a; =cmd')).toBe("a;' =cmd");
    expect(neutraliseFormula('a\t@x\n+y\r\n－z;＝w')).toBe("a\t'@x\n'+y\r\n'－z;'＝w");
  });

  it('leaves ordinary text and plain numbers alone', () => {
    for (const text of ['Harbour SIMs', '港湾电话卡', 'a-b', 'x=y', 'a; b', '-12.50', '+86', '', "it's"]) expect(neutraliseFormula(text)).toBe(text);
  });
});

describe('toCsv and formulas', () => {
  const row = (value: string) => toCsv({ columns: ['v'], rows: [[value]] }).slice(1).split('\r\n')[1];

  it('quotes every value holding a separator, tab, quote or line break, and neutralises formulas in it', () => {
    expect(row(';=1+1')).toBe(`";'=1+1"`);
    expect(row('＝1+1')).toBe("'＝1+1");
    expect(row('a;=cmd')).toBe(`"a;'=cmd"`);
    expect(row('a\tb')).toBe('"a\tb"');
    expect(row('\t=1')).toBe(`"'\t'=1"`);
    expect(row('say "=1"')).toBe('"say ""=1"""');
    expect(row('a;"=b"')).toBe(`"a;""=b"""`);
    expect(toCsv({ columns: ['v'], rows: [['a\n=b']] })).toBe(`\uFEFFv\r\n"a\n'=b"\r\n`);
    expect(row('plain')).toBe('plain');
  });

  it('writes numbers as numbers, negative ones included', () => {
    expect(toCsv({ columns: ['n', 's'], rows: [[-3, '-12.50']] }).slice(1)).toBe('n,s\r\n-3,-12.50\r\n');
  });
});

describe('toXlsx', () => {
  it('keeps formula-like text as inline strings, never as formulas', () => {
    const sheet = strFromU8(unzipSync(toXlsx({ columns: ['v'], rows: [['=1+1'], [';=1+1'], ['＝1+1']] }))['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toContain('<f');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">=1+1</t></is></c>');
  });

  it('is a workbook whose sheet holds every cell, long digit codes as text', () => {
    const files = unzipSync(toXlsx(table, 'ecodes'));
    expect(Object.keys(files).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet.match(/<row /g)).toHaveLength(4);
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">JT0123456789</t></is></c>');
    expect(sheet).toContain('<c r="C2"><v>1</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">89860112345678901234</t>');
    expect(sheet).toContain('a &quot;quoted&quot;, value');
    expect(sheet).not.toContain('r="C3"');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="ecodes"');
  });

  it('names columns past Z like a spreadsheet', () => {
    const wide = { columns: Array.from({ length: 28 }, (_, i) => `c${i}`), rows: [] };
    const sheet = strFromU8(unzipSync(toXlsx(wide))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('r="Z1"');
    expect(sheet).toContain('r="AB1"');
  });
});
