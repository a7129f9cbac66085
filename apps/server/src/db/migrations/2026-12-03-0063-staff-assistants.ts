import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * `mcp_staff_tool_calls`: each tool call an assistant made with a staff member's token (the
 * customers' calls stay in `mcp_tool_calls`, whose rows name a customer), listed per member and per approval.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mcp_staff_tool_calls'))
    .addColumn('grant_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_staff_tool_calls_staff').on('mcp_staff_tool_calls').columns(['staff_id', 'at']).execute();
  await db.schema.createIndex('mcp_staff_tool_calls_grant').on('mcp_staff_tool_calls').columns(['grant_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mcp_staff_tool_calls').execute();
}
