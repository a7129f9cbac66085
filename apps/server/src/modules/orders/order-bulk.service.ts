import { carrierSchema, isTrackingNo, serverErrors, type AdminBulkShipLine, type BulkResult } from '@simshop/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { bulkError, bulkSummary, eachInTurn } from '../../lib/bulk.ts';
import { parseCsvRecords, CsvError } from '../../lib/csv.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { ownerOf } from '../merchants/merchant.service.ts';
import { requireOrder } from './order-admin-views.service.ts';
import { requireAction, shipOrder } from './order-admin.service.ts';

/**
 * Bulk work on orders from the console's list: reading pasted or CSV tracking numbers against
 * the selected orders (nothing written), and shipping many orders, each through the same
 * `shipOrder` as the order page (its own transaction and audit row). It does not guess a
 * carrier from a tracking number's shape, nor ship an order twice in one call.
 */

/** A merchant's staff member reaches only their merchant's orders; another's answers as a missing one. */
export async function requireOwnOrder(db: Executor, orderNo: string, merchantId: number | null) {
  if (merchantId !== null && (await ownerOf(db, 'order', orderNo)) !== merchantId) throw new AppError(serverErrors.orderNotFound, 'orderNo');
  return requireOrder(db, orderNo);
}

const ORDER_NO = /^SS\d{14}[0-9A-Z]{6}$/;
const HEADER_WORDS = /order|carrier|tracking|订单|快递|运单|承运/i;

/** A carrier as people type it: `SF`, `dhl express`, `china-post` → the contract's code. */
export function carrierOf(text: string): string | null {
  const code = text.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const parsed = carrierSchema.safeParse(code);
  return parsed.success && parsed.data !== 'online' ? parsed.data : null;
}

/**
 * The lines of pasted text or a CSV file as shipments, through the project's CSV reader (quotes,
 * a byte-order mark, Windows line ends). A line is `order, carrier, tracking`, `order, tracking`,
 * `carrier, tracking` or `tracking`; lines without an order number take the selected orders no
 * line names, in the selection's order. A first line of column names is skipped.
 */
export function readShipLines(text: string, selected: readonly string[], defaultCarrier: string | undefined): AdminBulkShipLine[] {
  let records;
  try {
    // A header of our own: every line, the first included, is then data with up to three cells.
    records = parseCsvRecords(`a,b,c,d\n${text}`);
  } catch (err) {
    if (err instanceof CsvError) return [{ line: err.line - 1, orderNo: null, carrier: null, trackingNo: '', error: bulkError(new AppError(serverErrors.paramInvalid, 'text')) }];
    throw err;
  }
  const rows = records.map((r) => ({ line: r.line - 1, cells: [r.row.a, r.row.b, r.row.c, r.row.d].map((v) => (v ?? '').trim()).filter((v) => v !== '') }));
  if (rows[0] && rows[0].cells.some((c) => HEADER_WORDS.test(c))) rows.shift();
  const parsed = rows.map(({ line, cells }) => {
    const orderNo = cells[0] && ORDER_NO.test(cells[0].toUpperCase()) ? cells.shift()!.toUpperCase() : null;
    const trackingNo = cells.pop() ?? '';
    const carrierText = cells[0] ?? null;
    return { line, orderNo, carrierText, trackingNo, extra: cells.length > 1 };
  });
  const named = new Set(parsed.flatMap((p) => (p.orderNo ? [p.orderNo] : [])));
  const rest = selected.filter((no) => !named.has(no));
  return parsed.map((p) => {
    const orderNo = p.orderNo ?? rest.shift() ?? null;
    const carrier = p.carrierText === null ? (defaultCarrier ?? null) : carrierOf(p.carrierText);
    const base = { line: p.line, orderNo, carrier: carrier ?? p.carrierText, trackingNo: p.trackingNo };
    const problem = (def: (typeof serverErrors)[keyof typeof serverErrors], field: string) => ({ ...base, error: bulkError(new AppError(def, field)) });
    if (p.extra) return problem(serverErrors.paramInvalid, 'text');
    if (orderNo === null) return problem(serverErrors.paramMissing, 'orderNo');
    if (carrier === null) return problem(serverErrors.carrierNotSupported, 'carrier');
    if (!isTrackingNo(carrier, p.trackingNo)) return problem(serverErrors.trackingNoInvalid, 'trackingNo');
    return { ...base, error: null };
  });
}

/** The preview: the lines as read, each also checked against its order (its merchant and whether it can ship now). */
export async function previewShipLines(db: Executor, input: { orderNos: readonly string[]; text: string; carrier?: string | undefined }, merchantId: number | null): Promise<{ lines: AdminBulkShipLine[] }> {
  const lines = readShipLines(input.text, input.orderNos, input.carrier);
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.error || line.orderNo === null) continue;
    try {
      if (seen.has(line.orderNo)) throw new AppError(serverErrors.paramInvalid, 'orderNo');
      seen.add(line.orderNo);
      await requireAction(db, await requireOwnOrder(db, line.orderNo, merchantId), 'ship');
    } catch (err) {
      line.error = bulkError(err);
    }
  }
  return { lines };
}

/** Ships each order in turn; answers per order and leaves one audit row that sums the call up. */
export async function shipMany(db: Database, actor: Actor, items: ReadonlyArray<{ orderNo: string; carrier: string; trackingNo: string }>, merchantId: number | null, now: number, log: FastifyBaseLogger): Promise<BulkResult> {
  const result = await eachInTurn(
    items.map((item) => ({
      ref: item.orderNo,
      run: async () => {
        await requireOwnOrder(db, item.orderNo, merchantId);
        await shipOrder(db, actor, { orderNo: item.orderNo, carrier: carrierOf(item.carrier) ?? item.carrier, trackingNo: item.trackingNo }, now);
      },
    })),
    log,
  );
  await recordAudit(db, actor, bulkSummary('order.bulk_ship', result), now);
  return result;
}
