import { serverErrors, SETTLEMENT_MAX_PERIOD_MS, type Currency, type SettlementFigures, type SettlementRow } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { EXPORT_FORMATS, renderTable } from '../../lib/spreadsheet.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { lockMerchant, merchantDirectory } from '../merchants/merchant.service.ts';
import * as repo from './settlement.repository.ts';

/**
 * Settlement: what each merchant is owed for a period, computed from the order rows
 * (paid totals), their refund approvals and the merchant's commission rate. Commission is
 * rounded per order, half up, and a refund gives back its own rounded commission, so a fully
 * refunded order nets to zero whatever the period (docs/decisions.md "Settlement").
 */

/** The platform's commission on one amount: basis points, rounded half up to a minor unit. */
export const commissionOn = (amount: number, bps: number) => Math.floor((amount * bps + 5000) / 10000);

function checkPeriod(from: number, to: number) {
  if (to <= from || to - from > SETTLEMENT_MAX_PERIOD_MS) throw new AppError(serverErrors.settlementPeriodInvalid, 'to');
}

/** Figures per merchant and currency for [from, to), at each merchant's rate. */
async function compute(db: Executor, rates: ReadonlyMap<number, number>, from: number, to: number): Promise<Map<number, SettlementFigures[]>> {
  const ids = [...rates.keys()];
  const [sales, refunds] = await Promise.all([repo.paidOrders(db, ids, from, to), repo.approvedRefunds(db, ids, from, to)]);
  const byMerchant = new Map<number, Map<Currency, SettlementFigures>>();
  const lineOf = (merchantId: number, currency: Currency) => {
    const lines = byMerchant.get(merchantId) ?? new Map<Currency, SettlementFigures>();
    byMerchant.set(merchantId, lines);
    const line = lines.get(currency) ?? { currency, orders: 0, gross: 0, refunds: 0, commission: 0, payable: 0 };
    lines.set(currency, line);
    return line;
  };
  for (const o of sales) {
    const line = lineOf(o.merchant_id, o.currency);
    line.orders += 1;
    line.gross += o.total;
    line.commission += commissionOn(o.total, rates.get(o.merchant_id) ?? 0);
  }
  for (const r of refunds) {
    const amount = r.refund_amount ?? 0;
    const line = lineOf(r.merchant_id, r.currency);
    line.refunds += amount;
    line.commission -= commissionOn(amount, rates.get(r.merchant_id) ?? 0);
  }
  const out = new Map<number, SettlementFigures[]>();
  for (const [merchantId, lines] of byMerchant) {
    out.set(
      merchantId,
      [...lines.values()].map((l) => ({ ...l, payable: l.gross - l.refunds - l.commission })).sort((a, b) => a.currency.localeCompare(b.currency)),
    );
  }
  return out;
}

/** The merchants a staff member may see: their own, or every one (platform staff), or the one asked for. */
async function merchantsInScope(db: Executor, scope: number | null, merchantId: number | undefined) {
  const all = await merchantDirectory(db);
  const wanted = scope ?? merchantId;
  // Another merchant's id looks like no merchant at all.
  if (scope !== null && merchantId !== undefined && merchantId !== scope) throw new AppError(serverErrors.settlementMerchantNotFound, 'merchantId');
  if (wanted !== undefined) {
    const one = all.get(wanted);
    if (!one) throw new AppError(serverErrors.settlementMerchantNotFound, 'merchantId');
    return [one];
  }
  return [...all.values()].sort((a, b) => a.id - b.id);
}

/**
 * Figures for a period: a period that is exactly one of a merchant's settlements shows the
 * settlement's stored figures; anything else is computed from the rows as they are now.
 */
export async function settlementFor(db: Executor, scope: number | null, input: { from: number; to: number; merchantId?: number | undefined }) {
  checkPeriod(input.from, input.to);
  const merchants = await merchantsInScope(db, scope, input.merchantId);
  const rates = new Map(merchants.map((m) => [m.id, m.commission_bps]));
  const [live, settled] = await Promise.all([compute(db, rates, input.from, input.to), repo.overlapping(db, [...rates.keys()], input.from, input.to)]);
  const exact = settled.filter((s) => Number(s.period_from) === input.from && Number(s.period_to) === input.to);
  const stored = await repo.linesOf(db, exact.map((s) => s.id));
  const items: SettlementRow[] = merchants.map((m) => {
    const lock = exact.find((s) => s.merchant_id === m.id);
    return {
      merchant: { id: m.id, name: { en: m.name_en, zh: m.name_zh } },
      commissionBps: lock ? lock.commission_bps : m.commission_bps,
      lines: lock
        ? stored.filter((l) => l.settlement_id === lock.id).map((l) => ({ currency: l.currency, orders: l.orders, gross: l.gross, refunds: l.refunds, commission: l.commission, payable: l.payable }))
        : (live.get(m.id) ?? []),
      settled: lock ? { id: lock.id, at: Number(lock.created_at), by: lock.email } : null,
      overlapsSettled: !lock && settled.some((s) => s.merchant_id === m.id),
    };
  });
  return { from: input.from, to: input.to, items };
}

/**
 * Settles (locks) a merchant's period: the figures are computed and stored in one transaction
 * with the audit row. Only an ended period that overlaps no settled one; since every payment and
 * refund is dated when it happens, nothing can later fall into a settled period — a refund of
 * an order paid in it is counted in the period it is approved in.
 */
export async function settle(db: Database, actor: Actor, input: { merchantId: number; from: number; to: number }, now: number): Promise<SettlementRow> {
  checkPeriod(input.from, input.to);
  if (input.to > now) throw new AppError(serverErrors.settlementPeriodOpen, 'to');
  const id = await db.transaction().execute(async (tx) => {
    const [merchant] = await merchantsInScope(tx, null, input.merchantId);
    // Two settles of overlapping periods (not the same start) would each pass the check below.
    await lockMerchant(tx, merchant!.id);
    if ((await repo.overlapping(tx, [merchant!.id], input.from, input.to)).length > 0) throw new AppError(serverErrors.settlementPeriodLocked, 'from');
    const rates = new Map([[merchant!.id, merchant!.commission_bps]]);
    const lines = (await compute(tx, rates, input.from, input.to)).get(merchant!.id) ?? [];
    const settlementId = await repo.insertSettlement(tx, { merchantId: merchant!.id, from: input.from, to: input.to, commissionBps: merchant!.commission_bps, staffId: actor.staffId, now });
    if (settlementId === null) throw new AppError(serverErrors.settlementPeriodLocked, 'from');
    await repo.insertLines(tx, settlementId, lines);
    await recordAudit(tx, actor, { action: 'settlement.settle', targetType: 'merchant', targetId: merchant!.id, after: { settlementId, from: input.from, to: input.to, commissionBps: merchant!.commission_bps, lines } }, now);
    return settlementId;
  });
  const { items } = await settlementFor(db, null, input);
  const row = items[0]!;
  if (row.settled?.id !== id) throw new Error(`settlement ${id} was not found after it was written`);
  return row;
}

const HEADERS = {
  en: ['Merchant', 'From', 'To', 'Currency', 'Orders', 'Gross sales', 'Refunds', 'Commission rate %', 'Commission', 'Payable', 'Settled'],
  'zh-Hans': ['商家', '开始', '结束', '币种', '订单数', '销售额', '退款', '佣金率 %', '佣金', '应付金额', '已结算'],
} as const;

const major = (minor: number) => (minor / 100).toFixed(2);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The figures as a CSV or xlsx file (the export rendering every domain uses), one row per merchant and currency. */
export async function exportSettlement(db: Executor, scope: number | null, input: { from: number; to: number; merchantId?: number | undefined; format: 'csv' | 'xlsx'; lang: 'en' | 'zh-Hans' }) {
  const { items } = await settlementFor(db, scope, input);
  const zh = input.lang === 'zh-Hans';
  const rows = items.flatMap((m) =>
    m.lines.map((l) => [
      zh ? m.merchant.name.zh || m.merchant.name.en : m.merchant.name.en,
      day(input.from),
      day(input.to - 1),
      l.currency,
      l.orders,
      major(l.gross),
      major(l.refunds),
      (m.commissionBps / 100).toFixed(2),
      major(l.commission),
      major(l.payable),
      m.settled ? day(m.settled.at) : '',
    ]),
  );
  if (rows.length === 0) throw new AppError(serverErrors.noDataToExport);
  const baseName = `settlement-${day(input.from)}-${day(input.to - 1)}`;
  const format = EXPORT_FORMATS[input.format];
  const bytes = renderTable({ columns: HEADERS[input.lang], rows }, input.format, 'settlement');
  return { fileName: `${baseName}.${format.extension}`, contentType: format.contentType, base64: bytes.toString('base64'), rows: rows.length };
}
