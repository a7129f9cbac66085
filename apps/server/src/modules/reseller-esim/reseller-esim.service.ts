import {
  activationStatusLabelKey,
  esimQueryKind,
  checkIccid,
  esimClassSchema,
  type EsimClass,
  isActivationCode,
  isDomain,
  enumTexts,
  esimClassLabelKey,
  esimRecordStatusLabelKey,
  lpaString,
  serverErrors,
  type ExportFormatName,
  type GenerateBatch,
  type GenerateClass,
  type GenerateClassRow,
  type Language,
  type ResellerEsim,
} from '@simshop/contract';
import { PostgresAdapter } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { debitBalance } from '../balance/balance.service.ts';
import { findSkuByCode, takeStock } from '../catalogue/catalogue.service.ts';
import { importPool } from '../esim/esim-pool.service.ts';
import { toEsim } from '../esim/esim.service.ts';
import { exportBaseName, exportTable } from '../files/export.service.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { requirePoolSku, setWholesalePrice } from '../catalogue/catalogue-admin.service.ts';
import { CsvError, parseCsvRecords, type CsvRecord } from '../../lib/csv.ts';
import { newOrderNo } from '../../lib/order-no.ts';
import * as repo from './reseller-esim.repository.ts';

type EsimRow = Awaited<ReturnType<typeof repo.listGenerated>>[number];
type BatchRow = NonNullable<Awaited<ReturnType<typeof repo.findBatch>>>;

/** EB + UTC yyyyMMddHHmmss + 6 random characters, like an order number. */
const newBatchNo = (now: number) => `EB${newOrderNo(now).slice(2)}`;

/** The ledger reason of a generation: billing shows which batch the money went to. */
export const generateReason = (batchNo: string) => `generate ${batchNo}`;

function toResellerEsim(row: EsimRow, lang: Language): ResellerEsim {
  return { ...toEsim(row, lang), batchNo: row.batch_no ?? null };
}

function toBatch(row: BatchRow, lang: Language): GenerateBatch {
  return {
    batchNo: row.batch_no,
    skuId: row.sku_id,
    class: row.class,
    name: pick(lang, row.name_en, row.name_zh),
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: row.amount,
    currency: row.currency,
    createdAt: row.created_at,
  };
}

/** A class's price for a reseller: the wholesale price (the retail one when the shop set none). */
const unitPriceOf = (row: { price: number; wholesale_price: number | null }) => row.wholesale_price ?? row.price;

/**
 * What can be generated now: the SKU's stock is the pool less what unpaid orders hold, so
 * generation never takes a profile a customer's order is waiting for.
 */
const availableOf = (row: { stock: number | null }, unassigned: number) => Math.max(0, Math.min(row.stock ?? unassigned, unassigned));

export async function listClasses(db: Executor, lang: Language): Promise<{ items: GenerateClass[] }> {
  const rows = await repo.listClasses(db);
  const counts = await repo.unassignedCounts(db, rows.map((r) => r.sku_id));
  return {
    items: rows.map((r) => ({
      skuId: r.sku_id,
      class: r.class,
      name: pick(lang, r.name_en, r.name_zh),
      unitPrice: unitPriceOf(r),
      currency: r.currency,
      available: availableOf(r, counts.get(r.sku_id) ?? 0),
    })),
  };
}

/**
 * Generates `quantity` eSIMs of a class for a reseller, all or nothing, in one transaction:
 * the SKU's stock is taken (conditionally, so two generators cannot both take the last
 * profiles), the balance is debited (conditionally, never below zero, with its ledger row),
 * the profiles are assigned and the batch recorded. Any shortfall rolls everything back.
 */
export async function generate(db: Database, userId: number, input: { skuId: number; quantity: number }, lang: Language, now: number) {
  const { batchId, balance } = await db.transaction().execute(async (tx) => {
    const cls = await repo.findClass(tx, input.skuId);
    if (!cls) throw new AppError(serverErrors.productNotFound, 'skuId');
    // The class's price is the wholesale one, which the product gives from its minimum on.
    const min = cls.wholesale_min_qty ?? 1;
    if (input.quantity < min) throw new AppError(serverErrors.wholesaleMinimum, 'quantity', { min });
    if (cls.stock !== null && !(await takeStock(tx, cls.sku_id, input.quantity))) {
      throw new AppError(serverErrors.stockInsufficient, 'quantity', { left: cls.stock });
    }
    const unitPrice = unitPriceOf(cls);
    const amount = unitPrice * input.quantity;
    const batchNo = newBatchNo(now);
    const balanceAfter = await debitBalance(tx, { userId, currency: cls.currency, amount, reason: generateReason(batchNo), orderId: null }, now);
    const id = await repo.insertBatch(tx, { batch_no: batchNo, user_id: userId, sku_id: cls.sku_id, class: cls.class, quantity: input.quantity, unit_price: unitPrice, amount, currency: cls.currency, created_at: now });
    const postgres = tx.getExecutor().adapter instanceof PostgresAdapter;
    const ids = await repo.takeFromPool(tx, { skuId: cls.sku_id, quantity: input.quantity, userId, now, postgres });
    // The stock said there were enough; a pool that disagrees (profiles discarded by hand) gives nothing.
    if (ids.length < input.quantity) throw new AppError(serverErrors.stockInsufficient, 'quantity', { left: ids.length });
    await repo.insertBatchItems(tx, id, ids);
    return { batchId: id, balance: balanceAfter };
  });
  const batch = (await repo.findBatch(db, userId, batchId))!;
  const items = await repo.esimsOfBatch(db, userId, batchId);
  return { batch: toBatch(batch, lang), items: items.map((r) => toResellerEsim(r, lang)), balance };
}

export async function listGenerated(db: Executor, userId: number, input: repo.GeneratedFilter & { page: number; size: number }, lang: Language) {
  const rows = await repo.listGenerated(db, userId, input, (input.page - 1) * input.size, input.size);
  return { items: rows.map((r) => toResellerEsim(r, lang)), total: await repo.countGenerated(db, userId, input), page: input.page, size: input.size };
}

/** Among the caller's own eSIMs only: by EID (32 digits), ICCID (89…) or activation code. */
export async function searchOwn(db: Executor, userId: number, query: string, lang: Language) {
  const by = esimQueryKind(query);
  const rows = await repo.searchOwn(db, userId, by, query);
  if (rows.length === 0) throw new AppError(serverErrors.noSearchResults, 'query');
  return { by, items: rows.map((r) => toResellerEsim(r, lang)) } as const;
}

export async function listBatches(db: Executor, userId: number, input: { batchNo?: string | undefined; page: number; size: number }, lang: Language) {
  const rows = await repo.batchesOf(db, userId, input.batchNo, (input.page - 1) * input.size, input.size);
  return { items: rows.map((r) => toBatch(r, lang)), total: await repo.countBatches(db, userId, input.batchNo) };
}

const EXPORT_COLUMNS = {
  en: ['ICCID', 'Activation code', 'SM-DP+ address', 'LPA string', 'Class', 'Status', 'Activation status', 'Batch', 'Generated at'],
  'zh-Hans': ['ICCID', '激活码', 'SM-DP+地址', 'LPA字符串', '类型', '状态', '激活状态', '批次', '生成时间'],
} as const;

/** Generated eSIMs as CSV or xlsx, with the list's filter, newest first, up to `quantity` rows. */
export async function exportGenerated(
  db: Executor,
  config: Config,
  userId: number,
  input: repo.GeneratedFilter & { quantity: number; format: ExportFormatName },
  lang: Language,
  now: number,
) {
  const rows = await repo.listGenerated(db, userId, input, 0, input.quantity);
  const label = (key: string) => enumTexts[lang][key] ?? key;
  return exportTable(
    db,
    config,
    {
      userId,
      baseName: exportBaseName('esims', now),
      format: input.format,
      table: {
        columns: EXPORT_COLUMNS[lang],
        rows: rows.map((r) => [
          r.iccid,
          r.activation_code,
          r.dp_address,
          lpaString(r.dp_address, r.activation_code),
          label(esimClassLabelKey(r.class)),
          label(esimRecordStatusLabelKey(r.record_status)),
          label(activationStatusLabelKey(r.activation_status)),
          r.batch_no,
          r.assigned_at === null ? null : new Date(r.assigned_at).toISOString(),
        ]),
      },
    },
    now,
  );
}

/**
 * Opens a pool SKU to resellers' "generate" as an eSIM class (the demo seed's set-up). Staff
 * do it through `openClass`, which also checks the SKU is a pool eSIM and audits.
 */
export async function openGenerateClass(tx: Executor, input: { skuCode: string; class: number; sort?: number; enabled?: boolean }, now: number) {
  const sku = await findSkuByCode(tx, input.skuCode);
  if (!sku) throw new AppError(serverErrors.productNotFound, 'sku');
  const cls = esimClassSchema.safeParse(input.class);
  if (!cls.success) throw new AppError(serverErrors.paramInvalid, 'class');
  await repo.upsertClass(tx, { skuId: sku.id, class: cls.data, sort: input.sort ?? 0, enabled: input.enabled ?? true, now });
  return sku.id;
}

/** A pool SKU as the console (by id) or the command line (by code) names it. */
export type SkuRef = { skuId: number } | { code: string };
const catalogueRef = (ref: SkuRef) => ('skuId' in ref ? { id: ref.skuId } : { code: ref.code });

type ClassRow = Awaited<ReturnType<typeof repo.allClasses>>[number];

function toClassRow(r: ClassRow, unassigned: number): GenerateClassRow {
  return {
    skuId: r.sku_id,
    skuCode: r.code,
    class: r.class,
    open: r.enabled === 1,
    sort: r.sort,
    name: { en: r.name_en, zh: r.name_zh },
    unitPrice: unitPriceOf(r),
    currency: r.currency,
    available: availableOf(r, unassigned),
  };
}

/** Every class for staff, open or not, with price and what is left, in the resellers' order. */
export async function ownerClasses(db: Executor): Promise<GenerateClassRow[]> {
  const rows = await repo.allClasses(db);
  const counts = await repo.unassignedCounts(db, rows.map((r) => r.sku_id));
  return rows.map((r) => toClassRow(r, counts.get(r.sku_id) ?? 0));
}

/** The console's class list, a page at a time in the resellers' order. */
export async function listOwnerClasses(db: Executor, page: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }) {
  const all = await ownerClasses(db);
  const ordered = page.sortOrder === 'desc' ? [...all].reverse() : all;
  return { items: ordered.slice((page.page - 1) * page.pageSize, page.page * page.pageSize), total: all.length };
}

async function classOf(db: Executor, skuId: number): Promise<GenerateClassRow> {
  return (await ownerClasses(db)).find((c) => c.skuId === skuId)!;
}

/**
 * Opens a pool eSIM SKU to resellers as a class, or changes its class and place; a unit price
 * given becomes the SKU's wholesale price (what resellers pay). Audited with what changed.
 */
export async function openClass(db: Database, actor: Actor, input: { sku: SkuRef; class: number; sort: number; unitPrice?: number | undefined }, now: number): Promise<GenerateClassRow> {
  const cls = esimClassSchema.safeParse(input.class);
  if (!cls.success) throw new AppError(serverErrors.paramInvalid, 'class');
  const esimClass = cls.data;
  return db.transaction().execute(async (tx) => {
    const { sku } = await requirePoolSku(tx, catalogueRef(input.sku), 'skuId' in input.sku ? 'skuId' : 'sku');
    const before = (await ownerClasses(tx)).find((c) => c.skuId === sku.id);
    if (input.unitPrice !== undefined) await setWholesalePrice(tx, actor, sku.id, input.unitPrice, now);
    await repo.upsertClass(tx, { skuId: sku.id, class: esimClass, sort: input.sort, enabled: true, now });
    const after = await classOf(tx, sku.id);
    const pick = (c: GenerateClassRow | undefined) => (c ? { class: c.class, open: c.open, sort: c.sort, unitPrice: c.unitPrice } : {});
    await recordAudit(tx, actor, { action: 'inventory.class_open', targetType: 'sku', targetId: sku.id, ...changedFields(pick(before), pick(after)) }, now);
    return after;
  });
}

/** Stops resellers generating from a SKU; what they generated stays theirs. */
export async function closeGenerateClass(db: Database, actor: Actor, ref: SkuRef, now: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = (await repo.allClasses(tx)).find((c) => ('skuId' in ref ? c.sku_id === ref.skuId : c.code === ref.code));
    if (!row) throw new AppError(serverErrors.notFound, 'skuId' in ref ? 'skuId' : 'sku');
    await repo.upsertClass(tx, { skuId: row.sku_id, class: row.class, sort: row.sort, enabled: false, now });
    await recordAudit(tx, actor, { action: 'inventory.class_close', targetType: 'sku', targetId: row.sku_id, before: { open: row.enabled === 1 }, after: { open: false } }, now);
  });
}

/**
 * Reads the owner's pool file (CSV: activation_code, dp_address, optional iccid and class) into
 * profiles for esim.service `importPool`; a bad row stops the import and names its line.
 */
export function poolProfilesFromCsv(records: readonly CsvRecord[], defaultClass?: EsimClass) {
  return records.map(({ line, row }) => {
    const activationCode = (row.activation_code ?? '').trim();
    const dpAddress = (row.dp_address ?? '').trim();
    const iccid = (row.iccid ?? '').trim();
    const cls = (row.class ?? '').trim();
    const wrong = (reason: string) => new AppError(serverErrors.importRowInvalid, 'csv', { line, reason });
    if (!isActivationCode(activationCode)) throw wrong(`activation_code: ${activationCode || 'missing'}`);
    if (!isDomain(dpAddress)) throw wrong(`dp_address: ${dpAddress || 'missing'}`);
    if (iccid && !checkIccid(iccid).ok) throw wrong(`iccid: ${iccid}`);
    const parsedClass = cls ? esimClassSchema.safeParse(Number(cls)) : undefined;
    if (parsedClass && !parsedClass.success) throw wrong(`class: ${cls}`);
    const profileClass = parsedClass ? parsedClass.data : defaultClass;
    return { activationCode, dpAddress, line, ...(iccid ? { iccid } : {}), ...(profileClass !== undefined ? { class: profileClass } : {}) };
  });
}

/**
 * Loads a pool file (its CSV text) into a pool eSIM SKU's pool, all or nothing; rows without a
 * class take the SKU's generate class, if it has one. The SKU's stock grows by the new codes.
 */
export async function importPoolFile(db: Database, actor: Actor, ref: SkuRef, csv: string, now: number) {
  let records: CsvRecord[];
  try {
    records = parseCsvRecords(csv);
  } catch (err) {
    if (err instanceof CsvError) throw new AppError(serverErrors.importRowInvalid, 'csv', { line: err.line, reason: 'a quoted field is not closed' });
    throw err;
  }
  if (records.length === 0) throw new AppError(serverErrors.paramMissing, 'csv');
  return db.transaction().execute(async (tx) => {
    const { sku } = await requirePoolSku(tx, catalogueRef(ref), 'skuId' in ref ? 'skuId' : 'sku');
    const cls = (await repo.allClasses(tx)).find((c) => c.sku_id === sku.id)?.class;
    const result = await importPool(tx, sku.code, poolProfilesFromCsv(records, cls), now);
    await recordAudit(tx, actor, { action: 'inventory.pool_import', targetType: 'sku', targetId: sku.id, after: { code: sku.code, ...result } }, now);
    return result;
  });
}
