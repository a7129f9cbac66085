import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Blog posts and physical stores, and the store an order is picked up at.
 * Texts are kept in both languages side by side like articles; lists (tags, related product
 * keys, services, opening hours) are JSON text, read and written whole by their one repository.
 * Coordinates are double precision: a store's pin needs about six decimals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('blog_posts'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('summary_en', 'text', (c) => c.notNull())
    .addColumn('summary_zh', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('cover', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_keys', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blog_posts_published').on('blog_posts').columns(['published', 'published_at']).execute();

  await withId(db, db.schema.createTable('stores'))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('address_en', 'text', (c) => c.notNull())
    .addColumn('address_zh', 'text', (c) => c.notNull())
    .addColumn('city_en', 'text', (c) => c.notNull())
    .addColumn('city_zh', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Null: delivered to the order's address (or nothing to deliver); otherwise collected at this store.
  await db.schema.alterTable('orders').addColumn('pickup_store_id', 'integer', (c) => c.references('stores.id')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pickup_store_id').execute();
  await db.schema.dropTable('stores').execute();
  await db.schema.dropTable('blog_posts').execute();
}
