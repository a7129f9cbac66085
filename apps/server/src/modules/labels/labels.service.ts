import { labelColorReadable, serverErrors, type AdminLabel, type AdminLabelRef, type Language, type ProductLabel } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import * as labels from './labels.repository.ts';

/**
 * Labels: the owner's bilingual tags with a colour, on products. The shop shows each
 * in the caller's language; the console edits them with both texts. A colour white text is hard
 * to read on is refused here too, whatever the console checked.
 */
type LabelBase = { id: number; text_en: string; text_zh: string; color: string };

const toShop = (l: LabelBase, lang: Language): ProductLabel => ({ id: l.id, text: pick(lang, l.text_en, l.text_zh), color: l.color });
const toRef = (l: LabelBase): AdminLabelRef => ({ id: l.id, text: { en: l.text_en, zh: l.text_zh }, color: l.color });
const toAdmin = (l: labels.LabelRow): AdminLabel => ({ ...toRef(l), sort: l.sort, products: Number(l.products ?? 0), createdAt: l.created_at, updatedAt: l.updated_at });

function groupByProduct<T>(rows: Array<LabelBase & { product_id: number }>, map: (l: LabelBase) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), map(r)]);
  return out;
}

/** The labels of each product, in the caller's language (products without any are absent). */
export async function shopLabelsOf(db: Executor, productIds: readonly number[], lang: Language): Promise<Map<number, ProductLabel[]>> {
  return groupByProduct(await labels.labelsOfProducts(db, productIds), (l) => toShop(l, lang));
}

/** The labels of each product with both texts, for the console. */
export async function adminLabelsOf(db: Executor, productIds: readonly number[]): Promise<Map<number, AdminLabelRef[]>> {
  return groupByProduct(await labels.labelsOfProducts(db, productIds), toRef);
}

export async function listShopLabels(db: Executor, lang: Language) {
  return { items: (await labels.listLabels(db)).map((l) => toShop(l, lang)) };
}

async function requireLabel(db: Executor, id: number) {
  const row = await labels.findLabel(db, id);
  if (!row) throw new AppError(serverErrors.labelNotFound, 'id');
  return row;
}

export async function shopLabel(db: Executor, id: number, lang: Language): Promise<ProductLabel> {
  return toShop(await requireLabel(db, id), lang);
}

export async function listAdminLabels(db: Executor) {
  return { items: (await labels.listLabels(db)).map(toAdmin) };
}

/** Every label as the product editor's picker and the product filter list them. */
export async function allLabelRefs(db: Executor): Promise<AdminLabelRef[]> {
  return (await labels.listLabels(db)).map(toRef);
}

interface LabelInput {
  text: { en: string; zh: string };
  color: string;
  sort: number;
}

async function checkInput(db: Executor, input: LabelInput, exceptId: number | null) {
  if (!labelColorReadable(input.color)) throw new AppError(serverErrors.labelColorUnreadable, 'color');
  const taken = await labels.findByText(db, input.text, exceptId);
  if (taken) throw new AppError(serverErrors.alreadyExists, taken.text_en.toLowerCase() === input.text.en.toLowerCase() ? 'text.en' : 'text.zh');
}

const snapshot = (l: AdminLabel) => ({ text: l.text, color: l.color, sort: l.sort });

export async function createLabel(db: Database, actor: Actor, input: LabelInput, now: number): Promise<AdminLabel> {
  return db.transaction().execute(async (tx) => {
    await checkInput(tx, input, null);
    const id = await labels.insertLabel(tx, { text_en: input.text.en, text_zh: input.text.zh, color: input.color, sort: input.sort, created_at: now, updated_at: now });
    const created = toAdmin(await requireLabel(tx, id));
    await recordAudit(tx, actor, { action: 'label.create', targetType: 'label', targetId: id, after: snapshot(created) }, now);
    return created;
  });
}

export async function updateLabel(db: Database, actor: Actor, input: LabelInput & { id: number }, now: number): Promise<AdminLabel> {
  return db.transaction().execute(async (tx) => {
    const before = toAdmin(await requireLabel(tx, input.id));
    await checkInput(tx, input, input.id);
    const change = changedFields(snapshot(before), { text: input.text, color: input.color, sort: input.sort });
    if (Object.keys(change.after).length === 0) throw new AppError(serverErrors.nothingChanged, 'text');
    await labels.updateLabel(tx, input.id, { text_en: input.text.en, text_zh: input.text.zh, color: input.color, sort: input.sort, updated_at: now });
    await recordAudit(tx, actor, { action: 'label.update', targetType: 'label', targetId: input.id, ...change }, now);
    return toAdmin(await requireLabel(tx, input.id));
  });
}

/** Deletes a label; the products it was on lose it (named in the audit row). */
export async function deleteLabel(db: Database, actor: Actor, id: number, now: number): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    const before = toAdmin(await requireLabel(tx, id));
    const productIds = await labels.productIdsOf(tx, id);
    await labels.deleteLabel(tx, id);
    await recordAudit(tx, actor, { action: 'label.delete', targetType: 'label', targetId: id, before: { ...snapshot(before), productIds } }, now);
    return { ok: true as const };
  });
}

/** Puts exactly these labels on a product (inside the caller's transaction); an unknown label is refused. */
export async function setProductLabels(tx: Executor, productId: number, labelIds: readonly number[]) {
  const unique = [...new Set(labelIds)];
  const found = new Set((await labels.findLabels(tx, unique)).map((r) => r.id));
  const missing = labelIds.findIndex((id) => !found.has(id));
  if (missing >= 0) throw new AppError(serverErrors.labelNotFound, `labelIds.${missing}`);
  await labels.setProductLabels(tx, productId, unique);
}

/** Colours demo labels take in turn: each keeps white text readable. */
export const DEMO_LABEL_COLORS = ['#1f6f43', '#b42318', '#175cd3', '#6941c6', '#a15c07'] as const;

/** Puts labels on a product by their texts, creating the missing ones (demo data, not staff: no audit). */
export async function labelProductByTexts(tx: Executor, productId: number, texts: ReadonlyArray<{ en: string; zh: string }>, now: number) {
  const ids: number[] = [];
  for (const text of texts) {
    const existing = await labels.findByText(tx, text, null);
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const count = (await labels.listLabels(tx)).length;
    ids.push(await labels.insertLabel(tx, { text_en: text.en, text_zh: text.zh, color: DEMO_LABEL_COLORS[count % DEMO_LABEL_COLORS.length]!, sort: count * 10, created_at: now, updated_at: now }));
  }
  await labels.setProductLabels(tx, productId, [...new Set(ids)]);
}

/** The texts of these labels, both languages, for naming them in the console's history; deleted labels are left out. */
export const labelNamesByIds = async (db: Executor, ids: readonly number[]) => (await labels.findTextsByIds(db, ids)).map((r) => ({ id: r.id, name: { en: r.text_en, zh: r.text_zh } }));
