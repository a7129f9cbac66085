import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Labels and reviews. Labels become their own rows (bilingual text, colour, order)
 * put on products through product_labels; the labels products carried as JSON move there. A
 * review is a product comment with a rating, pictures and the order item it reviews: a unique
 * index keeps it to one per order item (comments without an item are not limited).
 */
const LEGACY_COLOR = '#1f6f43';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('labels'))
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('text_zh', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('labels_text_en').on('labels').column('text_en').unique().execute();
  await db.schema.createIndex('labels_text_zh').on('labels').column('text_zh').unique().execute();

  await db.schema
    .createTable('product_labels')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_labels_pk', ['product_id', 'label_id'])
    .execute();
  await db.schema.createIndex('product_labels_label').on('product_labels').column('label_id').execute();

  await db.schema.alterTable('product_comments').addColumn('rating', 'integer').execute();
  await db.schema.alterTable('product_comments').addColumn('order_item_id', 'integer').execute();
  await db.schema.alterTable('product_comments').addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.createIndex('product_comments_order_item').on('product_comments').column('order_item_id').unique().execute();

  // The JSON labels of existing products become label rows, one per English text.
  const now = Date.now();
  const products: Array<{ id: number; labels: string }> = await db.selectFrom('products').select(['id', 'labels']).where('labels', '!=', '[]').orderBy('id').execute();
  const ids = new Map<string, number>();
  for (const p of products) {
    let labels: Array<{ en?: unknown; zh?: unknown }> = [];
    try {
      labels = JSON.parse(p.labels) as typeof labels;
    } catch {
      continue;
    }
    if (!Array.isArray(labels)) continue;
    for (const l of labels) {
      if (typeof l.en !== 'string' || typeof l.zh !== 'string' || !l.en.trim()) continue;
      const en = l.en.trim().slice(0, 20);
      let id = ids.get(en);
      if (id === undefined) {
        const zhTaken = await db.selectFrom('labels').select('id').where('text_zh', '=', l.zh.trim()).executeTakeFirst();
        const zh = zhTaken ? en : l.zh.trim().slice(0, 20) || en;
        id = Number((await db.insertInto('labels').values({ text_en: en, text_zh: zh, color: LEGACY_COLOR, sort: ids.size, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
        ids.set(en, id);
      }
      await db.insertInto('product_labels').values({ product_id: p.id, label_id: id }).onConflict((oc) => oc.doNothing()).execute();
    }
  }
  await db.updateTable('products').set({ labels: '[]' }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Labels go back into each product's JSON, in label order.
  const rows: Array<{ product_id: number; text_en: string; text_zh: string }> = await db
    .selectFrom('product_labels')
    .innerJoin('labels', 'labels.id', 'product_labels.label_id')
    .select(['product_labels.product_id', 'labels.text_en', 'labels.text_zh'])
    .orderBy('labels.sort')
    .orderBy('labels.id')
    .execute();
  const byProduct = new Map<number, Array<{ en: string; zh: string }>>();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), { en: r.text_en, zh: r.text_zh }]);
  for (const [id, labels] of byProduct) await db.updateTable('products').set({ labels: JSON.stringify(labels) }).where('id', '=', id).execute();
  await db.schema.dropIndex('product_comments_order_item').execute();
  await db.schema.alterTable('product_comments').dropColumn('pictures').execute();
  await db.schema.alterTable('product_comments').dropColumn('order_item_id').execute();
  await db.schema.alterTable('product_comments').dropColumn('rating').execute();
  await db.schema.dropTable('product_labels').execute();
  await db.schema.dropTable('labels').execute();
}
