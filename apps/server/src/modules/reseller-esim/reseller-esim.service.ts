import {
  activationStatusLabelKey,
  esimQueryKind,
  checkIccid,
  esimClassSchema,
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
  type Language,
  type ResellerEsim,
} from '@simshop/contract';
import { PostgresAdapter } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { debitBalance } from '../balance/balance.service.ts';
import * as catalogueRepo from '../catalogue/catalogue.repository.ts';
import { importPool, toEsim } from '../esim/esim.service.ts';
import { exportBaseName, exportTable } from '../files/export.service.ts';
import { newOrderNo } from '../orders/order.service.ts';
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
    class: row.class as GenerateBatch['class'],
    name: pick(lang, row.name_en, row.name_zh),
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: row.amount,
    currency: row.currency as GenerateBatch['currency'],
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
      class: r.class as GenerateClass['class'],
      name: pick(lang, r.name_en, r.name_zh),
      unitPrice: unitPriceOf(r),
      currency: r.currency as GenerateClass['currency'],
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
    if (cls.stock !== null && !(await catalogueRepo.takeStock(tx, cls.sku_id, input.quantity))) {
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
          label(esimClassLabelKey(r.class as ResellerEsim['class'])),
          label(esimRecordStatusLabelKey(r.record_status as ResellerEsim['status'])),
          label(activationStatusLabelKey(r.activation_status as ResellerEsim['activationStatus'])),
          r.batch_no,
          r.assigned_at === null ? null : new Date(r.assigned_at).toISOString(),
        ]),
      },
    },
    now,
  );
}

/**
 * Opens a pool SKU to resellers' "generate" as an eSIM class (the owner's set-up; the demo
 * seed uses it too). Its profiles are loaded with esim.service `importPool` like any pool.
 */
export async function openGenerateClass(tx: Executor, input: { skuCode: string; class: number; sort?: number; enabled?: boolean }, now: number) {
  const sku = await catalogueRepo.findSkuByCode(tx, input.skuCode);
  if (!sku) throw new AppError(serverErrors.productNotFound, 'sku');
  if (!esimClassSchema.safeParse(input.class).success) throw new AppError(serverErrors.paramInvalid, 'class');
  await repo.upsertClass(tx, { skuId: sku.id, class: input.class, sort: input.sort ?? 0, enabled: input.enabled ?? true, now });
  return sku.id;
}

/** Stops resellers generating from a SKU; what they generated stays theirs. */
export async function closeGenerateClass(db: Executor, skuCode: string, now: number) {
  const row = (await repo.allClasses(db)).find((c) => c.code === skuCode);
  if (!row) throw new AppError(serverErrors.productNotFound, 'sku');
  await repo.upsertClass(db, { skuId: row.sku_id, class: row.class, sort: 0, enabled: false, now });
}

/** Every class for the owner: open or not, price and what is left. */
export async function ownerClasses(db: Executor) {
  const rows = await repo.allClasses(db);
  const counts = await repo.unassignedCounts(db, rows.map((r) => r.sku_id));
  return rows.map((r) => ({ sku: r.code, class: r.class, open: r.enabled === 1, name: r.name_en, unitPrice: unitPriceOf(r), currency: r.currency, available: availableOf(r, counts.get(r.sku_id) ?? 0) }));
}

/**
 * Reads the owner's pool file (CSV: activation_code, dp_address, optional iccid and class) into
 * profiles for esim.service `importPool`; a bad row stops the import and names its line.
 */
export function poolProfilesFromCsv(rows: ReadonlyArray<Record<string, string>>, defaultClass?: number) {
  return rows.map((row, i) => {
    const line = i + 2;
    const activationCode = (row.activation_code ?? '').trim();
    const dpAddress = (row.dp_address ?? '').trim();
    const iccid = (row.iccid ?? '').trim();
    const cls = (row.class ?? '').trim();
    if (!isActivationCode(activationCode)) throw new AppError(serverErrors.paramInvalid, `line ${line}: activation_code`);
    if (!isDomain(dpAddress)) throw new AppError(serverErrors.paramInvalid, `line ${line}: dp_address`);
    if (iccid && !checkIccid(iccid).ok) throw new AppError(serverErrors.paramInvalid, `line ${line}: iccid`);
    if (cls && !esimClassSchema.safeParse(Number(cls)).success) throw new AppError(serverErrors.paramInvalid, `line ${line}: class`);
    const profileClass = cls ? Number(cls) : defaultClass;
    return { activationCode, dpAddress, ...(iccid ? { iccid } : {}), ...(profileClass !== undefined ? { class: profileClass } : {}) };
  });
}

/** Loads a pool file into a SKU's pool; rows without a class take the SKU's generate class, if it has one. */
export async function importPoolFile(db: Database, skuCode: string, rows: ReadonlyArray<Record<string, string>>, now: number) {
  const cls = (await repo.allClasses(db)).find((c) => c.code === skuCode)?.class;
  const profiles = poolProfilesFromCsv(rows, cls);
  return db.transaction().execute((tx) => importPool(tx, skuCode, profiles, now));
}
