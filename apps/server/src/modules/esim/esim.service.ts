import { EsimClass, lpaString, serverErrors, type Esim, type Language } from '@simshop/contract';
import { PostgresAdapter } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import * as catalogueRepo from '../catalogue/catalogue.repository.ts';
import * as esims from './esim.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof esims.findOwn>>>;

function toEsim(row: Row, lang: Language): Omit<Esim, 'installLog'> {
  return {
    id: row.id,
    class: row.class as Esim['class'],
    name: row.name_en ? pick(lang, row.name_en, row.name_zh ?? '') : '',
    orderNo: row.order_no ?? null,
    activationCode: row.activation_code,
    dpAddress: row.dp_address,
    lpa: lpaString(row.dp_address, row.activation_code),
    iccid: row.iccid,
    eid: row.eid,
    remark: row.remark,
    scanTimes: row.scan_times,
    assignedAt: row.assigned_at,
    added: row.added === 1,
    addedAt: row.added_at,
    status: row.record_status as Esim['status'],
    activationStatus: row.activation_status as Esim['activationStatus'],
  };
}

export async function listEsims(db: Executor, userId: number, input: { page: number; size: number }, lang: Language) {
  const rows = await esims.listOwn(db, userId, (input.page - 1) * input.size, input.size);
  return { items: rows.map((r) => toEsim(r, lang)), total: await esims.countOwn(db, userId), page: input.page, size: input.size };
}

/** One of the caller's eSIMs; another user's id is "eSIM does not exist". */
export async function esimDetail(db: Executor, userId: number, id: number, lang: Language): Promise<Esim> {
  const row = await esims.findOwn(db, userId, id);
  if (!row) throw new AppError(serverErrors.esimNotFound, 'id');
  const log = await esims.installLogOf(db, id);
  return { ...toEsim(row, lang), installLog: log.map((l) => ({ type: l.type as Esim['installLog'][number]['type'], eid: l.eid, at: l.created_at })) };
}

export async function countScan(db: Executor, userId: number, id: number, lang: Language, now: number) {
  await esimDetail(db, userId, id, lang);
  await esims.incrementScans(db, userId, id, now);
  return esimDetail(db, userId, id, lang);
}

export async function setRemark(db: Executor, userId: number, id: number, remark: string, lang: Language, now: number) {
  await esimDetail(db, userId, id, lang);
  await esims.updateOwn(db, userId, id, { remark }, now);
  return esimDetail(db, userId, id, lang);
}

/**
 * Assigns pool profiles to an order's eSIM items inside the caller's (payment) transaction and
 * returns how many units are still missing. A profile goes to one order only.
 */
export async function assignPoolProfiles(
  tx: Executor,
  order: { id: number; user_id: number },
  items: ReadonlyArray<{ id: number; kind: string; sku_id: number; quantity: number }>,
  now: number,
): Promise<number> {
  const postgres = tx.getExecutor().adapter instanceof PostgresAdapter;
  let missing = 0;
  for (const item of items.filter((i) => i.kind === 'esim')) {
    const have = await esims.countAssignedToItem(tx, item.id);
    const want = item.quantity - have;
    if (want <= 0) continue;
    const got = await esims.assignFromPool(tx, { skuId: item.sku_id, quantity: want, userId: order.user_id, orderId: order.id, orderItemId: item.id, now, postgres });
    missing += want - got;
  }
  return missing;
}

/**
 * Loads activation codes into a SKU's pool (the owner's supplier file) and raises the SKU's
 * stock by as many as were new; codes already known are skipped. Run it in a transaction.
 */
export async function importPool(tx: Executor, skuCode: string, profiles: Array<{ activationCode: string; dpAddress: string; iccid?: string | undefined; class?: number | undefined }>, now: number) {
  {
    const sku = await catalogueRepo.findSkuByCode(tx, skuCode);
    if (!sku) throw new AppError(serverErrors.productNotFound, 'sku');
    const fresh = [];
    for (const p of profiles) if (!(await esims.findProfile(tx, p.dpAddress, p.activationCode))) fresh.push(p);
    await esims.insertProfiles(
      tx,
      fresh.map((p) => ({ sku_id: sku.id, class: p.class ?? EsimClass.self, activation_code: p.activationCode, dp_address: p.dpAddress, iccid: p.iccid ?? null, record_status: 'unassigned', created_at: now, updated_at: now })),
    );
    await catalogueRepo.updateSku(tx, sku.id, { stock: (sku.stock ?? 0) + fresh.length });
    return { added: fresh.length, skipped: profiles.length - fresh.length };
  }
}
