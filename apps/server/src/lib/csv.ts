/** A CSV that cannot be read, with the line where reading failed. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** One data row and the line of the file it starts on (1 is the header), for errors that name it. */
export interface CsvRecord {
  line: number;
  row: Record<string, string>;
}

/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields optionally in double quotes,
 * "" for a quote inside one, line breaks inside quoted fields. The first row names the columns;
 * blank lines are skipped but still counted, so a row's line is the one an editor shows.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const rows: Array<{ line: number; values: string[] }> = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) line++;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push({ line: rowLine, values: row });
      row = [];
      field = '';
      line++;
      rowLine = line;
    } else field += c;
  }
  if (quoted) throw new CsvError(rowLine, 'CSV ends inside a quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push({ line: rowLine, values: row });
  }
  const [header, ...body] = rows.filter((r) => r.values.some((v) => v.trim() !== ''));
  if (!header) return [];
  const names = header.values.map((h) => h.trim());
  return body.map((r) => ({ line: r.line, row: Object.fromEntries(names.map((n, i) => [n, (r.values[i] ?? '').trim()])) }));
}

export function parseCsv(text: string): Array<Record<string, string>> {
  return parseCsvRecords(text).map((r) => r.row);
}
