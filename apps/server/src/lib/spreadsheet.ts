import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

/** A table to export: column headers, then rows of plain values. */
export interface Table {
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

/** Starts a spreadsheet reads as a formula (or as a cell break it may follow with one), ASCII and full-width. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/**
 * A formula start right after a separator, tab or line break inside a value: a spreadsheet that
 * splits on `;` or tabs (many locales do) would start a new cell there. Spaces before it count too.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[ ]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
/** A plain number ("-12.50"): spreadsheets read it as the number it is, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Formula neutralisation for exported text (OWASP "CSV injection"): a `'` goes before a formula
 * start at the beginning of the value and after every separator, tab or line break in it, so no
 * cell a spreadsheet makes of it runs as a formula. Quoting is the CSV writer's job, not this.
 */
export function neutraliseFormula(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  const inside = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
}

const csvValue = (value: string | number | null): string | number => (value === null ? '' : typeof value === 'number' ? value : neutraliseFormula(value));

/**
 * RFC 4180 CSV (csv-stringify) with a byte-order mark, so spreadsheet programs read UTF-8
 * (Chinese names) right. Besides what RFC 4180 quotes (comma, quote, line breaks), a value with
 * `;` or a tab is quoted too: those are the separators other locales' spreadsheets split on.
 */
export function toCsv(table: Table): string {
  const rows = [table.columns, ...table.rows].map((row) => row.map(csvValue));
  return stringify(rows, { bom: true, record_delimiter: '\r\n', quoted_match: /[;\t\r\n]/ });
}

const xmlEscape = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cell(value: string | number | null, ref: string): string {
  if (value === null || value === '') return '';
  // Numbers stay numbers; codes made of digits (ICCIDs, EIDs) are text, or Excel rounds them.
  // Text is an inline string, never a formula (<f>): "=1+1" shows as written, so no guard is needed here.
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(String(value))}</t></is></c>`;
}

/**
 * A minimal Office Open XML workbook (one sheet, inline strings): what Excel, LibreOffice and
 * Numbers open, without a spreadsheet library in the server.
 */
export function toXlsx(table: Table, sheetName = 'Sheet1'): Uint8Array {
  const rows = [table.columns, ...table.rows]
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => cell(v, `${columnName(c)}${r + 1}`)).join('')}</row>`)
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlEscape(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}

export const EXPORT_FORMATS = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function renderTable(table: Table, format: ExportFormat, sheetName?: string): Buffer {
  return format === 'csv' ? Buffer.from(toCsv(table), 'utf8') : Buffer.from(toXlsx(table, sheetName));
}
