import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx } from './spreadsheet.ts';

const table = { columns: ['code', 'status', 'n'], rows: [['JT0123456789', 'unused', 1], ['=cmd()', 'a "quoted", value', null], ['89860112345678901234', '中文', 2.5]] };

describe('toCsv', () => {
  it('quotes what needs quoting, neutralises formulas and starts with a BOM', () => {
    const csv = toCsv(table);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['code,status,n', 'JT0123456789,unused,1', `'=cmd(),"a ""quoted"", value",`, '89860112345678901234,中文,2.5', '']);
  });
});

describe('toXlsx', () => {
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
