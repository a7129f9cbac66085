import { randomInt } from 'node:crypto';
import {
  canApplyEcode,
  ECODE_TRANSITIONS,
  EcodeStatus,
  ecodeStatusLabelKey,
  enumTexts,
  isCustomiseEcode,
  isQpeImei,
  lpaString,
  normaliseCustomiseEcode,
  QPE_VARIANTS,
  serverErrors,
  type EcodeCounts,
  type EcodeEvent,
  type EcodeItem,
  type ExportFormatName,
  type Language,
  type QpeResult,
  type QpeVariant,
} from '@simshop/contract';
import type { Updateable } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { isTestPlane } from '../../db/test-plane.ts';
import type { EcodesTable } from './ecode.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import type { SmdpProvider } from '../../providers/smdp.ts';
import { exportBaseName, exportTable } from '../files/export.service.ts';
import { enforce, perIp, type Limit } from '../security/rate-limit.service.ts';
import * as ecodes from './ecode.repository.ts';
import type { EcodeRow } from './ecode.repository.ts';

type OrderItemRef = { id: number; kind: string; product_id: number; sku_id: number; quantity: number };

/** A customise holds its code this long at most: two SM-DP+ calls of at most 20 s each, and some slack. */
export const ECODE_LOCK_MS = 60_000;
/** Collisions in 10^10 codes are rare; a few tries always find a free one. */
const ISSUE_ATTEMPTS = 8;

/** A fresh code: JT and 10 digits from the operating system's random source, so codes cannot be guessed from one another. */
export function newEcode(): string {
  return `JT${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** A play code of the reseller API's sandbox: TEST and 8 digits, never taken for a live code (nor for one a customise accepts as secret). */
const newTestEcode = () => `TEST${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * The one place an ECode's status changes: checks the contract's transition table and moves the
 * status only if nobody moved it meanwhile (and, for a customise, only while the caller still
 * holds the lock; for a sale or deletion, only while no customise holds it). Run in the caller's
 * transaction.
 */
async function applyEcodeEvent(tx: Executor, code: Pick<EcodeRow, 'id' | 'status'>, event: EcodeEvent, changes: Updateable<EcodesTable>, now: number, lockedUntil?: number | null): Promise<void> {
  if (!canApplyEcode(event, code.status)) throw new AppError(serverErrors.ecodeInvalid, 'code', { status: code.status, event });
  if (!(await ecodes.moveStatus(tx, code.id, code.status, ECODE_TRANSITIONS[event][1], changes, now, lockedUntil))) {
    throw new AppError(serverErrors.ecodeLocked, 'code', { status: code.status, event });
  }
}

/**
 * Issues the ECodes an order's `ecode` items bought, inside the payment transaction, one per
 * unit not issued yet (so a re-run issues nothing twice); returns how many units are still
 * missing (0 once every unit has its code).
 */
export async function issueOrderEcodes(tx: Executor, order: { id: number; user_id: number }, items: readonly OrderItemRef[], now: number): Promise<number> {
  let missing = 0;
  const codeOf = isTestPlane(tx) ? newTestEcode : newEcode;
  for (const item of items.filter((i) => i.kind === 'ecode')) {
    // The units already issued are read once an insert is refused, not before the first: on the
    // payment's delivery there are none yet (one round trip fewer per checkout).
    let done: Set<number | null> | null = null;
    for (let unit = 0; unit < item.quantity; unit++) {
      if (done?.has(unit)) continue;
      let issued = false;
      for (let attempt = 0; attempt < ISSUE_ATTEMPTS && !issued; attempt++) {
        issued = await ecodes.insertIfNew(tx, {
          code: codeOf(),
          user_id: order.user_id,
          order_id: order.id,
          order_item_id: item.id,
          unit_index: unit,
          status: EcodeStatus.unused,
          created_at: now,
          updated_at: now,
        });
        // Not inserted: either the code exists (try another) or this unit was issued meanwhile.
        if (!issued) {
          done = new Set((await ecodes.unitsOfItem(tx, item.id)).map((u) => u.unit_index));
          issued = done.has(unit);
        }
      }
      if (!issued) missing += 1;
    }
  }
  return missing;
}

/**
 * A full refund would leave the reseller with codes already sold or customised for nothing: it
 * is refused while any exist (the owner can approve a partial refund for the unused ones).
 */
export async function refuseFullRefundOfUsedEcodes(tx: Executor, orderId: number): Promise<void> {
  const used = await ecodes.ofOrder(tx, orderId, [EcodeStatus.sold, EcodeStatus.customized]);
  if (used.length > 0) throw new AppError(serverErrors.orderStatusConflict, 'amount', { usedEcodes: used.length });
}

/** A refunded order's codes nobody has used yet become invalid (same transaction as the refund). */
/** The codes an order issued, for its detail page (the order is the caller's: checked before). */
export async function orderEcodes(db: Executor, orderId: number): Promise<Array<{ code: string; status: EcodeStatus }>> {
  return (await ecodes.allOfOrder(db, orderId)).map((r) => ({ code: r.code, status: r.status }));
}

export async function invalidateRefundedEcodes(tx: Executor, orderId: number, now: number): Promise<void> {
  for (const code of await ecodes.ofOrder(tx, orderId, ECODE_TRANSITIONS.invalidate[0])) await applyEcodeEvent(tx, code, 'invalidate', {}, now);
}

function toItem(row: EcodeRow, lang: Language): EcodeItem {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    productName: row.name_en ? pick(lang, row.name_en, row.name_zh ?? '') : '',
    orderNo: row.order_no ?? null,
    buyerNote: row.buyer_note,
    imei: row.imei,
    variant: row.variant,
    createdAt: row.created_at,
    soldAt: row.sold_at,
    customizedAt: row.customized_at,
  };
}

async function countsOf(db: Executor, userId: number): Promise<EcodeCounts> {
  const counts = Object.fromEntries(Object.values(EcodeStatus).map((s) => [s, 0])) as EcodeCounts;
  for (const row of await ecodes.countOwnByStatus(db, userId)) if (row.status in counts) counts[row.status as keyof EcodeCounts] = Number(row.n);
  return counts;
}

/** Without a status filter the list shows every code but the deleted ones. */
const totalOf = (counts: EcodeCounts, status: string | undefined) =>
  status ? counts[status as keyof EcodeCounts] : Object.entries(counts).reduce((n, [s, c]) => (s === EcodeStatus.deleted ? n : n + c), 0);

export async function listEcodes(db: Executor, userId: number, input: { page: number; size: number; status?: EcodeStatus | undefined }, lang: Language) {
  const counts = await countsOf(db, userId);
  const rows = await ecodes.listOwn(db, userId, input.status, (input.page - 1) * input.size, input.size);
  return { items: rows.map((r) => toItem(r, lang)), total: totalOf(counts, input.status), page: input.page, size: input.size, counts };
}

/** A page of the caller's codes, newest first, below the code id `before`, of one order or all (cursor pages of the reseller API). */
export async function ecodesBefore(db: Executor, userId: number, filter: { orderId?: number | undefined; before?: number | undefined }, limit: number, lang: Language): Promise<EcodeItem[]> {
  return (await ecodes.listOwnBefore(db, userId, filter, limit)).map((r) => toItem(r, lang));
}

/**
 * One of the caller's codes; anyone else's (or no such code) is "ECode incorrect or invalid".
 * A code a customise is working on is "locked": selling or deleting it then would strand the
 * eSIM the SM-DP+ is issuing.
 */
async function requireOwnUnlocked(db: Executor, userId: number, code: string, now: number) {
  const row = await ecodes.findOwnByCode(db, userId, normaliseCustomiseEcode(code));
  if (!row) throw new AppError(serverErrors.ecodeInvalid, 'code');
  if (row.locked_until !== null && row.locked_until > now) throw new AppError(serverErrors.ecodeLocked, 'code');
  return row;
}

export async function searchEcodes(db: Executor, userId: number, code: string, lang: Language) {
  const row = await ecodes.findOwnByCode(db, userId, normaliseCustomiseEcode(code));
  if (!row) throw new AppError(serverErrors.noSearchResults, 'code');
  return { items: [toItem(row, lang)] };
}

export async function markSold(db: Database, userId: number, code: string, note: string, lang: Language, now: number) {
  return db.transaction().execute(async (tx) => {
    const row = await requireOwnUnlocked(tx, userId, code, now);
    await applyEcodeEvent(tx, row, 'sell', { buyer_note: note, sold_at: now }, now, null);
    return toItem((await ecodes.findByCode(tx, row.code))!, lang);
  });
}

/** Deleting keeps the row (its order and history stay in the books); customised codes carry an eSIM and stay. */
export async function deleteEcode(db: Database, userId: number, code: string, lang: Language, now: number) {
  return db.transaction().execute(async (tx) => {
    const row = await requireOwnUnlocked(tx, userId, code, now);
    if (row.status === EcodeStatus.customized) throw new AppError(serverErrors.ecodeAlreadyCustomised, 'code');
    await applyEcodeEvent(tx, row, 'delete', {}, now, null);
    return toItem((await ecodes.findByCode(tx, row.code))!, lang);
  });
}

const EXPORT_COLUMNS = {
  en: ['ECode', 'Status', 'Product', 'Order number', 'Created', 'Sold', 'Customised', 'IMEI', 'Activation code'],
  'zh-Hans': ['ECode', '状态', '商品', '订单号', '创建时间', '售出时间', '定制时间', 'IMEI', '激活码'],
} as const;

/** UTC, to the second: the same in every spreadsheet, whatever its locale. */
const stamp = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

export async function exportEcodes(db: Executor, config: Config, userId: number, input: { quantity: number; format: ExportFormatName; status?: EcodeStatus | undefined }, lang: Language, now: number) {
  const rows = await ecodes.listOwn(db, userId, input.status, 0, input.quantity);
  const statusText = enumTexts[lang];
  return exportTable(
    db,
    config,
    {
      userId,
      baseName: exportBaseName('ecodes', now),
      format: input.format,
      table: {
        columns: EXPORT_COLUMNS[lang],
        rows: rows.map((r) => {
          const item = toItem(r, lang);
          return [
            item.code,
            statusText[ecodeStatusLabelKey(item.status)] ?? item.status,
            item.productName,
            item.orderNo,
            stamp(item.createdAt),
            stamp(item.soldAt),
            stamp(item.customizedAt),
            item.imei,
            item.status === EcodeStatus.customized ? r.activation_code : null,
          ];
        }),
      },
    },
    now,
  );
}

/** Customise and fetch are public (a JT card needs no account): limited per signed-in user, or per IP. */
const customiseLimit = (caller: { userId: number | null; ip: string }): Limit =>
  caller.userId !== null ? { key: `ecode:user:${caller.userId}`, max: 120, windowMs: 10 * 60_000 } : perIp(`ecode:ip:${caller.ip}`, 30, 10 * 60_000);

/** Checks the code's form for the page it came from and finds it; unknown, invalid or deleted codes are "incorrect or invalid". */
async function findForCustomise(db: Executor, code: string, secret: boolean) {
  if (!isCustomiseEcode(code, secret)) throw new AppError(serverErrors.ecodeInvalid, 'ecode');
  const row = await ecodes.findByCode(db, normaliseCustomiseEcode(code));
  if (!row || row.status === EcodeStatus.invalid || row.status === EcodeStatus.deleted) throw new AppError(serverErrors.ecodeInvalid, 'ecode');
  return row;
}

function toResult(row: EcodeRow): QpeResult {
  if (!row.activation_code || !row.dp_address || row.esim_class === null || !row.variant || !row.imei || row.customized_at === null) throw new AppError(serverErrors.ecodeNotCustomised, 'ecode');
  return {
    ecode: row.code,
    variant: row.variant,
    imei: row.imei,
    customizedAt: row.customized_at,
    esim: { class: row.esim_class, activationCode: row.activation_code, dpAddress: row.dp_address, lpa: lpaString(row.dp_address, row.activation_code), iccid: row.iccid },
  };
}

/**
 * Turns an unused or sold ECode into a QPE eSIM. The SM-DP+ calls run outside any transaction,
 * so the code is locked first (a second customise meanwhile is "ECode locked"); then one
 * transaction stores the eSIM and moves the code to customised. If the SM-DP+ fails the lock is
 * released and the code stays as it was. The call identifiers derive from the code, so a retry
 * after a failure gets the profile the SM-DP+ already allocated rather than a second one.
 */
export async function customizeEcode(
  db: Database,
  smdp: SmdpProvider | null,
  caller: { userId: number | null; ip: string },
  input: { ecode: string; imei: string; variant: QpeVariant; secret: boolean },
  now: number,
): Promise<QpeResult> {
  await enforce(db, now, customiseLimit(caller));
  const row = await findForCustomise(db, input.ecode, input.secret);
  if (row.status === EcodeStatus.customized) throw new AppError(serverErrors.ecodeAlreadyCustomised, 'ecode');
  if (!isQpeImei(input.imei)) throw new AppError(serverErrors.imeiIncorrect, 'imei');
  const until = now + ECODE_LOCK_MS;
  if (!(await ecodes.lock(db, row.id, ECODE_TRANSITIONS.customize[0], now, until))) {
    const fresh = await ecodes.findByCode(db, row.code);
    if (fresh?.status === EcodeStatus.customized) throw new AppError(serverErrors.ecodeAlreadyCustomised, 'ecode');
    if (fresh && canApplyEcode('customize', fresh.status)) throw new AppError(serverErrors.ecodeLocked, 'ecode');
    throw new AppError(serverErrors.ecodeInvalid, 'ecode');
  }
  // The status as locked: the reseller may have sold the code since it was read above.
  const locked = (await ecodes.findByCode(db, row.code))!;
  const variant = QPE_VARIANTS[input.variant];
  let profile: { iccid: string; matchingId: string; smdpAddress: string };
  try {
    if (!smdp) throw new Error('no SM-DP+ is configured (SMDP_URL)');
    const { iccid } = await smdp.downloadOrder({ callId: `ecode-${row.code}-d`, profileType: variant.profileType });
    const confirmed = await smdp.confirmOrder({ callId: `ecode-${row.code}-c`, iccid });
    profile = { iccid, ...confirmed };
  } catch {
    await ecodes.unlock(db, row.id, until, Date.now());
    throw new AppError(serverErrors.esimFetchFailed, 'ecode');
  }
  return db.transaction().execute(async (tx) => {
    const esimId = await ecodes.insertEsim(tx, {
      user_id: caller.userId,
      class: variant.esimClass,
      activation_code: profile.matchingId,
      dp_address: profile.smdpAddress,
      iccid: profile.iccid,
      record_status: 'assigned',
      assigned_at: now,
      created_at: now,
      updated_at: now,
    });
    await applyEcodeEvent(tx, locked, 'customize', { esim_id: esimId, imei: input.imei, variant: input.variant, customized_at: now, locked_until: null }, now, until);
    return toResult((await ecodes.findByCode(tx, row.code))!);
  });
}

/** The eSIM a customised code became; the code must have been customised under the same variant. */
export async function fetchEcodeEsim(db: Database, caller: { userId: number | null; ip: string }, input: { ecode: string; variant: QpeVariant; secret: boolean }, now: number): Promise<QpeResult> {
  await enforce(db, now, customiseLimit(caller));
  const row = await findForCustomise(db, input.ecode, input.secret);
  if (row.status !== EcodeStatus.customized) throw new AppError(serverErrors.ecodeNotCustomised, 'ecode');
  if (row.variant !== input.variant) throw new AppError(serverErrors.ecodeInvalid, 'ecode');
  return toResult(row);
}
