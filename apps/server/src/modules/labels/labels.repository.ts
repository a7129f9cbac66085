import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LabelsTable } from './labels.table.ts';

/** Labels and the products they are on. Always in the shop's order: sort, then id. */
export function listLabels(db: Executor) {
  return db
    .selectFrom('labels')
    .selectAll('labels')
    .select((eb) => eb.selectFrom('product_labels').select(eb.fn.countAll<number>().as('n')).whereRef('product_labels.label_id', '=', 'labels.id').as('products'))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type LabelRow = Awaited<ReturnType<typeof listLabels>>[number];

export function findLabel(db: Executor, id: number) {
  return db
    .selectFrom('labels')
    .selectAll('labels')
    .select((eb) => eb.selectFrom('product_labels').select(eb.fn.countAll<number>().as('n')).whereRef('product_labels.label_id', '=', 'labels.id').as('products'))
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findLabels(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('labels').select('id').where('id', 'in', [...ids]).execute();
}

/** Another label with either text, compared without regard to case. */
export function findByText(db: Executor, text: { en: string; zh: string }, exceptId: number | null) {
  let q = db
    .selectFrom('labels')
    .select(['id', 'text_en', 'text_zh'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['text_en']), '=', text.en.toLowerCase()), eb(eb.fn('lower', ['text_zh']), '=', text.zh.toLowerCase())]));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertLabel(db: Executor, row: Insertable<LabelsTable>) {
  return (await db.insertInto('labels').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateLabel(db: Executor, id: number, changes: Updateable<LabelsTable>) {
  await db.updateTable('labels').set(changes).where('id', '=', id).execute();
}

export async function deleteLabel(db: Executor, id: number) {
  await db.deleteFrom('product_labels').where('label_id', '=', id).execute();
  await db.deleteFrom('labels').where('id', '=', id).execute();
}

/** The labels on these products, each with its product id, in label order. */
export function labelsOfProducts(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_labels')
    .innerJoin('labels', 'labels.id', 'product_labels.label_id')
    .select(['product_labels.product_id', 'labels.id', 'labels.text_en', 'labels.text_zh', 'labels.color'])
    .where('product_labels.product_id', 'in', [...new Set(productIds)])
    .orderBy('labels.sort')
    .orderBy('labels.id')
    .execute();
}

/** The products a label is on, for the audit of its deletion. */
export async function productIdsOf(db: Executor, labelId: number): Promise<number[]> {
  return (await db.selectFrom('product_labels').select('product_id').where('label_id', '=', labelId).orderBy('product_id').execute()).map((r) => r.product_id);
}

export async function setProductLabels(db: Executor, productId: number, labelIds: readonly number[]) {
  await db.deleteFrom('product_labels').where('product_id', '=', productId).execute();
  if (labelIds.length) await db.insertInto('product_labels').values(labelIds.map((label_id) => ({ product_id: productId, label_id }))).execute();
}

/** The texts of the labels with these ids (the audit log names its rows with them); missing ids are left out. */
export function findTextsByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('labels').select(['id', 'text_en', 'text_zh']).where('id', 'in', [...ids]).execute();
}
