import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { McpPurchasePreviewsTable } from './mcp.table.ts';

/** Purchase previews: written by preview_purchase, claimed once by confirm_purchase. */
export async function insertPreview(db: Executor, row: Insertable<McpPurchasePreviewsTable>): Promise<void> {
  await db.insertInto('mcp_purchase_previews').values(row).execute();
}

/** The preview as the approval that made it sees it (another customer's, or another assistant's, is not found). */
export function previewOf(db: Executor, token: string, userId: number, grantId: string) {
  return db.selectFrom('mcp_purchase_previews').selectAll().where('token', '=', token).where('user_id', '=', userId).where('grant_id', '=', grantId).executeTakeFirst();
}

/**
 * Claims a preview for the confirm that buys it: one statement that only one confirm passes
 * (on PostgreSQL a second one waits for the first's commit, then finds it claimed). The claim
 * is undone with the confirm's transaction when the purchase is refused.
 */
export async function claimPreview(tx: Executor, token: string, userId: number, grantId: string, now: number): Promise<boolean> {
  const res = await tx
    .updateTable('mcp_purchase_previews')
    .set({ confirmed_at: now })
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .where('grant_id', '=', grantId)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function setPreviewOrder(tx: Executor, token: string, orderNo: string): Promise<void> {
  await tx.updateTable('mcp_purchase_previews').set({ order_no: orderNo }).where('token', '=', token).execute();
}

/** Forgets previews never confirmed that expired before `before`; confirmed ones stay (a repeated confirm finds its order). */
export async function deleteUnconfirmedBefore(db: Executor, before: number): Promise<number> {
  const res = await db.deleteFrom('mcp_purchase_previews').where('expires_at', '<', before).where('confirmed_at', 'is', null).executeTakeFirst();
  return Number(res.numDeletedRows);
}
