import type {
  Language} from '@simshop/contract';
import {
  canApplyMerchantEvent,
  MERCHANT_TRANSITIONS,
  MerchantStatus,
  PLATFORM_MERCHANT_ID,
  serverErrors,
  type AdminMerchant,
  type AdminMerchantProfile,
  type MerchantApplication,
  type MerchantEvent,
  type MerchantResource,
  type MerchantSummary,
  type ShopMerchant,
} from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import * as merchants from './merchant.repository.ts';
import type { MerchantRow } from './merchant.repository.ts';

/**
 * Merchants: profiles, the status state machine and commissions, and the ownership
 * look-ups the dispatcher's merchant-scope check asks. Every staff write is audited in the same
 * transaction as the change; edits apply only to the version the editor read.
 */

export function toSummary(r: MerchantRow, lang: Language): MerchantSummary {
  return { id: r.id, name: pick(lang, r.name_en, r.name_zh), logo: r.logo };
}

export function toShopMerchant(r: MerchantRow, lang: Language): ShopMerchant {
  return { ...toSummary(r, lang), description: pick(lang, r.description_en, r.description_zh) };
}

/** Serialises a transaction's writes about one merchant with any other's (see the repository). */
export const lockMerchant = (tx: Executor, id: number) => merchants.lockRow(tx, id);

/** A merchant as the console names it: both languages. */
export const toAdminRef = (r: MerchantRow) => ({ id: r.id, name: { en: r.name_en, zh: r.name_zh } });

/** Names merchants by id for the console's lists and pages (one read of the small merchants table). */
export async function adminMerchantNamer(db: Executor): Promise<(id: number) => ReturnType<typeof toAdminRef>> {
  const directory = await merchantDirectory(db);
  return (id) => {
    const m = directory.get(id);
    return m ? toAdminRef(m) : { id, name: { en: '', zh: '' } };
  };
}

/** Every merchant by id, in both languages' summaries: small (tens of rows), read with the catalogue. */
export async function merchantDirectory(db: Executor): Promise<Map<number, MerchantRow>> {
  return new Map((await merchants.listAll(db)).map((r) => [r.id, r]));
}

export const isActive = (r: MerchantRow | undefined) => r !== undefined && r.status === MerchantStatus.active;

/** Whether products of this merchant may be shown and sold (false for an unknown or suspended one). */
export async function merchantSells(db: Executor, merchantId: number): Promise<boolean> {
  return (await sellingMerchant(db, merchantId)) !== undefined;
}

/** The merchant's row while it sells (active), undefined otherwise: a checkout names its merchants from the rows it checked. */
export async function sellingMerchant(db: Executor, merchantId: number): Promise<MerchantRow | undefined> {
  const row = await merchants.findById(db, merchantId);
  return isActive(row) ? row : undefined;
}

export async function activeMerchants(db: Executor, lang: Language): Promise<ShopMerchant[]> {
  return (await merchants.listActive(db)).map((r) => toShopMerchant(r, lang));
}

/** Whether a merchant is suspended: its staff can neither sign in nor act until it is reactivated. */
export async function merchantSuspended(db: Executor, id: number): Promise<boolean> {
  return (await merchants.findById(db, id))?.status === MerchantStatus.suspended;
}

export async function requireActiveMerchant(db: Executor, id: number): Promise<MerchantRow> {
  const r = await merchants.findById(db, id);
  if (!isActive(r)) throw new AppError(serverErrors.merchantNotFound, 'id');
  return r!;
}

/** A merchant staff or products may be assigned to: it must exist (any status: an applied merchant prepares its catalogue). */
export async function requireMerchant(db: Executor, id: number, field: string): Promise<MerchantRow> {
  const r = await merchants.findById(db, id);
  if (!r) throw new AppError(serverErrors.merchantNotFound, field);
  return r;
}

// --- shop: applying to open a shop ---

function toApplication(r: MerchantRow): MerchantApplication {
  return { id: r.id, name: { en: r.name_en, zh: r.name_zh }, status: r.status, createdAt: Number(r.created_at) };
}

export async function myApplication(db: Executor, userId: number): Promise<{ application: MerchantApplication | null }> {
  const r = await merchants.findByApplicant(db, userId);
  return { application: r ? toApplication(r) : null };
}

export async function apply(
  db: Database,
  userId: number,
  input: { nameEn: string; nameZh: string; description: string; contactEmail: string; contactPhone: string; returnAddress: string },
  now: number,
): Promise<MerchantApplication> {
  return db.transaction().execute(async (tx) => {
    // One merchant per customer: an open application, an active or a suspended shop all count.
    if (await merchants.findByApplicant(tx, userId)) throw new AppError(serverErrors.merchantApplicationOpen);
    const row = await merchants.insert(tx, {
      name_en: input.nameEn,
      name_zh: input.nameZh,
      logo: null,
      description_en: input.description,
      description_zh: input.description,
      contact_email: input.contactEmail,
      contact_phone: input.contactPhone,
      return_address: input.returnAddress,
      status: MerchantStatus.applied,
      // The platform's standard rate until the owner sets another on approval.
      commission_bps: DEFAULT_COMMISSION_BPS,
      applicant_user_id: userId,
      created_at: now,
      updated_at: now,
    });
    return toApplication(row);
  });
}

export const DEFAULT_COMMISSION_BPS = 1000;

// --- console ---

async function toAdminMany(db: Executor, rows: MerchantRow[]): Promise<AdminMerchant[]> {
  const ids = rows.map((r) => r.id);
  const counts = await merchants.countsOf(db, ids);
  const applicantIds = [...new Set(rows.map((r) => r.applicant_user_id).filter((v): v is number => v !== null))];
  const accounts = new Map((await merchants.applicantAccounts(db, applicantIds)).map((u) => [u.id, u.email ?? u.tel ?? String(u.id)]));
  return rows.map((r) => ({
    id: r.id,
    name: { en: r.name_en, zh: r.name_zh },
    logo: r.logo,
    description: { en: r.description_en, zh: r.description_zh },
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    returnAddress: r.return_address,
    status: r.status,
    commissionBps: r.commission_bps,
    applicant: r.applicant_user_id === null ? null : { userId: r.applicant_user_id, account: accounts.get(r.applicant_user_id) ?? '' },
    productCount: counts.products.get(r.id) ?? 0,
    staffCount: counts.staff.get(r.id) ?? 0,
    version: r.version,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

const toAdmin = async (db: Executor, r: MerchantRow) => (await toAdminMany(db, [r]))[0]!;

export async function listMerchants(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'name'; sortOrder: 'asc' | 'desc'; q?: string | undefined; status?: MerchantStatus | undefined }) {
  const { rows, total } = await merchants.list(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField === 'name' ? 'name_en' : 'created_at', order: input.sortOrder });
  return { items: await toAdminMany(db, rows), total };
}

export async function merchantDetail(db: Executor, id: number): Promise<AdminMerchant> {
  const r = await merchants.findById(db, id);
  if (!r) throw new AppError(serverErrors.merchantNotFound, 'id');
  return toAdmin(db, r);
}

export async function merchantChoices(db: Executor) {
  return { items: (await merchants.listAll(db)).map((r) => ({ ...toAdminRef(r), status: r.status })) };
}

function checkCommission(bps: number): void {
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new AppError(serverErrors.merchantCommissionInvalid, 'commissionBps');
}

const profileColumns = (p: AdminMerchantProfile) => ({
  name_en: p.name.en,
  name_zh: p.name.zh,
  logo: p.logo,
  description_en: p.description.en,
  description_zh: p.description.zh,
  contact_email: p.contactEmail,
  contact_phone: p.contactPhone,
  return_address: p.returnAddress,
});

const auditView = (m: AdminMerchant) => ({ name: m.name, logo: m.logo, description: m.description, contactEmail: m.contactEmail, contactPhone: m.contactPhone, returnAddress: m.returnAddress, status: m.status, commissionBps: m.commissionBps });

/** A merchant made in the console is active at once (the owner vouches for it). */
export async function createMerchant(db: Database, actor: Actor, input: AdminMerchantProfile & { commissionBps: number }, now: number): Promise<AdminMerchant> {
  checkCommission(input.commissionBps);
  return db.transaction().execute(async (tx) => {
    const row = await merchants.insert(tx, { ...profileColumns(input), status: MerchantStatus.active, commission_bps: input.commissionBps, applicant_user_id: null, created_at: now, updated_at: now });
    const view = await toAdmin(tx, row);
    await recordAudit(tx, actor, { action: 'merchant.create', targetType: 'merchant', targetId: row.id, after: auditView(view) }, now);
    return view;
  });
}

/** What else a status change does, in its transaction (ending sessions lives in the staff module). */
export type AlsoOnStep = (tx: Executor, row: MerchantRow) => Promise<void>;

async function change(db: Database, actor: Actor, input: { id: number; version: number }, action: string, now: number, next: (row: MerchantRow) => Parameters<typeof merchants.updateAtVersion>[3], also?: AlsoOnStep): Promise<AdminMerchant> {
  return db.transaction().execute(async (tx) => {
    const row = await merchants.findById(tx, input.id);
    if (!row) throw new AppError(serverErrors.merchantNotFound, 'id');
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    const before = auditView(await toAdmin(tx, row));
    const updated = await merchants.updateAtVersion(tx, row.id, row.version, { ...next(row), updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if (also) await also(tx, updated);
    const view = await toAdmin(tx, updated);
    await recordAudit(tx, actor, { action, targetType: 'merchant', targetId: row.id, ...changedFields(before, auditView(view)) }, now);
    return view;
  });
}

export function updateMerchant(db: Database, actor: Actor, input: AdminMerchantProfile & { id: number; version: number }, now: number) {
  return change(db, actor, input, 'merchant.update', now, () => profileColumns(input));
}

/** approve / suspend / reactivate, only along MERCHANT_TRANSITIONS; the platform itself never changes status. */
export function stepMerchant(db: Database, actor: Actor, input: { id: number; version: number }, event: MerchantEvent, now: number, also?: AlsoOnStep) {
  return change(
    db,
    actor,
    input,
    `merchant.${event}`,
    now,
    (row) => {
      if (row.id === PLATFORM_MERCHANT_ID) throw new AppError(serverErrors.merchantPlatformFixed, 'id');
      if (!canApplyMerchantEvent(event, row.status)) throw new AppError(serverErrors.merchantStatusConflict, 'status');
      return { status: MERCHANT_TRANSITIONS[event][1] };
    },
    also,
  );
}

export function setCommission(db: Database, actor: Actor, input: { id: number; version: number; commissionBps: number }, now: number) {
  checkCommission(input.commissionBps);
  return change(db, actor, input, 'merchant.set_commission', now, (row) => {
    if (row.id === PLATFORM_MERCHANT_ID && input.commissionBps !== 0) throw new AppError(serverErrors.merchantPlatformFixed, 'commissionBps');
    return { commission_bps: input.commissionBps };
  });
}

// --- ownership, for the dispatcher's merchant-scope check ---

const OWNER_BY_ID: Readonly<Record<Exclude<MerchantResource, 'order'>, (db: Executor, id: number) => Promise<number | null | undefined>>> = {
  product: merchants.productOwner,
  sku: merchants.skuOwner,
  store: merchants.storeOwner,
  coupon: merchants.couponOwner,
  comment: merchants.commentOwner,
};

/** The merchant an object belongs to: a number, null for a platform-wide object (a platform coupon), undefined when there is no such object. */
export async function ownerOf(db: Executor, resource: MerchantResource, key: string | number): Promise<number | null | undefined> {
  // An order is named by its number; every other object by its numeric id.
  if (resource === 'order') return typeof key === 'string' ? merchants.orderOwner(db, key) : undefined;
  return typeof key === 'number' ? OWNER_BY_ID[resource](db, key) : undefined;
}

/** What a merchant's staff member is told for another merchant's object: exactly what a missing one answers. */
export const NOT_FOUND_OF: Readonly<Record<MerchantResource, (typeof serverErrors)[keyof typeof serverErrors]>> = {
  product: serverErrors.productNotFound,
  sku: serverErrors.productNotFound,
  order: serverErrors.orderNotFound,
  store: serverErrors.notFound,
  coupon: serverErrors.notFound,
  comment: serverErrors.notFound,
};
