import { Readable } from 'node:stream';
import { API_ECODE_EXPORT_COLUMNS, API_ESIM_EXPORT_COLUMNS, API_ESIM_ZIP_COLUMNS, API_ESIM_ZIP_MAP, API_EXPORT_MEDIA_TYPES, type ApiExportFormat, type EcodeItem, type EsimSummary, type Language } from '@simshop/contract';
import { stringify } from 'csv-stringify/sync';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import QRCode from 'qrcode';
import type { Database } from '../../db/database.ts';
import { neutraliseFormula } from '../../lib/spreadsheet.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { ecodesBefore } from '../ecode/ecode.service.ts';
import { esimsBefore } from '../esim/esim.service.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';

/**
 * The reseller API's exports of one order: ECodes as CSV or JSON, eSIMs as CSV, JSON or a ZIP of
 * QR PNGs with `iccids.csv`. Each is a stream read a page of rows at a time and written as it is
 * read (CSV by csv-stringify as the shop's other exports, the ZIP by fflate's streaming Zip), so
 * a 10,000-unit order is never held whole: at most a page of rows and one QR code at a time.
 * The order is checked before anything is sent; a failure later cuts the download short, the
 * only thing a stream already under way can say. What it does not do: exports across orders.
 */
const PAGE = 500;

/** A file sent as a download rather than JSON: its media type, name and body. */
export class Download {
  constructor(
    readonly contentType: string,
    readonly fileName: string,
    readonly body: Readable,
  ) {}
}

/** The rows of an order, newest first, a page at a time (a cursor on the id, as the list reads do). */
async function* pages<T extends { id: number }>(read: (before: number | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let before: number | undefined; ; ) {
    const rows = await read(before);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    before = rows.at(-1)!.id;
  }
}

/** CSV lines as the shop's exports write them (formula starts neutralised, UTF-8 with a BOM first). */
function csvLines(rows: ReadonlyArray<ReadonlyArray<string | number | null>>, first: boolean): string {
  const values = rows.map((row) => row.map((v) => (v === null ? '' : typeof v === 'number' ? v : neutraliseFormula(v))));
  return stringify(values, { bom: first, record_delimiter: '\r\n', quoted_match: /[;\t\r\n]/ });
}

async function* csvOf<T extends { id: number }>(rows: AsyncGenerator<T[]>, columns: readonly string[], cells: (row: T) => Array<string | number | null>) {
  yield csvLines([columns], true);
  for await (const page of rows) yield csvLines(page.map(cells), false);
}

async function* jsonOf<T extends { id: number }>(rows: AsyncGenerator<T[]>, orderNo: string) {
  yield `{"orderNo":${JSON.stringify(orderNo)},"items":[`;
  let first = true;
  for await (const page of rows) {
    yield (first ? '' : ',') + page.map((r) => JSON.stringify(r)).join(',');
    first = false;
  }
  yield ']}';
}

const qrFileName = (esim: EsimSummary) => `${esim.iccid ?? `esim-${esim.id}`}.png`;
const qrPng = (lpa: string) => QRCode.toBuffer(lpa, { type: 'png', width: 520, margin: 2, errorCorrectionLevel: 'M' });

/**
 * The ZIP: `iccids.csv` first (read in one pass over the order's eSIMs), then one QR PNG per eSIM
 * it lists (a second pass; PNGs are stored, they do not compress). fflate's Zip hands out each
 * piece as it is made; they are passed on before the next eSIM is drawn.
 */
async function* zipOf(read: () => AsyncGenerator<EsimSummary[]>) {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const take = () => out.splice(0, out.length);
  const map = new ZipDeflate(API_ESIM_ZIP_MAP, { level: 6 });
  zip.add(map);
  const listed = new Set<number>();
  map.push(strToU8(csvLines([API_ESIM_ZIP_COLUMNS], true)));
  for await (const page of read()) {
    for (const esim of page) listed.add(esim.id);
    map.push(strToU8(csvLines(page.map((e) => [e.iccid, e.lpa, qrFileName(e)]), false)));
    yield* take();
  }
  map.push(new Uint8Array(0), true);
  for await (const page of read()) {
    for (const esim of page) {
      if (!listed.has(esim.id)) continue;
      const file = new ZipPassThrough(qrFileName(esim));
      zip.add(file);
      file.push(await qrPng(esim.lpa), true);
      yield* take();
    }
  }
  zip.end();
  yield* take();
}

const download = (format: ApiExportFormat, name: string, body: AsyncGenerator<string | Uint8Array>) => new Download(API_EXPORT_MEDIA_TYPES[format], `${name}.${format}`, Readable.from(body, { objectMode: false }));

export async function exportEcodes(db: Database, caller: ApiCaller, query: { order: string; format: 'csv' | 'json' }, lang: Language): Promise<Download> {
  const order = await requireOwnOrder(db, caller.userId, query.order);
  const rows = pages<EcodeItem>((before) => ecodesBefore(db, caller.userId, { orderId: order.id, before }, PAGE, lang));
  const name = `${order.order_no}-ecodes`;
  if (query.format === 'json') return download('json', name, jsonOf(rows, order.order_no));
  return download('csv', name, csvOf(rows, API_ECODE_EXPORT_COLUMNS, (e) => [e.code, e.status, e.productName, e.orderNo, new Date(e.createdAt).toISOString()]));
}

export async function exportEsims(db: Database, caller: ApiCaller, query: { order: string; format: 'csv' | 'json' | 'zip' }, lang: Language): Promise<Download> {
  const order = await requireOwnOrder(db, caller.userId, query.order);
  const read = () => pages<EsimSummary>((before) => esimsBefore(db, caller.userId, { orderId: order.id, before }, PAGE, lang));
  const name = `${order.order_no}-esims`;
  if (query.format === 'zip') return download('zip', name, zipOf(read));
  if (query.format === 'json') return download('json', name, jsonOf(read(), order.order_no));
  return download('csv', name, csvOf(read(), API_ESIM_EXPORT_COLUMNS, (e) => [e.iccid, e.lpa, e.activationCode, e.dpAddress, e.status, e.name, e.orderNo]));
}
