import type { Kysely } from 'kysely';

/**
 * Purchases through the shop's MCP tools. `orders.placed_by_client`: the name of the assistant
 * (the OAuth client) that placed the order, null for every other order. `mcp_buy_limits`: the
 * amount a day a customer let one assistant spend (set on the consent page, one row per
 * approval) with what it spent on the current UTC day. `mcp_purchase_previews`: what a preview
 * showed, so its confirm buys exactly that and, confirmed again, finds the order it placed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('placed_by_client', 'text').execute();
  await db.schema
    .createTable('mcp_buy_limits')
    .addColumn('grant_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('daily_amount', 'bigint', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('spent', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mcp_purchase_previews')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('grant_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    // A top-up: the customer's eSIM the data add-on goes to (null: a new purchase).
    .addColumn('esim_id', 'integer')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('order_no', 'text')
    .execute();
  await db.schema.createIndex('mcp_purchase_previews_expires').on('mcp_purchase_previews').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_purchase_previews').execute();
  await db.schema.dropTable('mcp_buy_limits').execute();
  await db.schema.alterTable('orders').dropColumn('placed_by_client').execute();
}
