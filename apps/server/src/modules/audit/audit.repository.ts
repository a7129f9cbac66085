import type { Executor } from '../../db/database.ts';
import { pageWithTotal } from '../../db/table-helpers.ts';
import type { AuditLogTable } from './audit.table.ts';
import type { Insertable } from 'kysely';
import { containsText, startsWithText } from '../../db/text-search.ts';

export async function insertAudit(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filtered(db: Executor, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actor) q = q.where(containsText('actor', f.actor));
  if (f.action) q = q.where(startsWithText('action', f.action));
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  return q;
}

export function listAudit(db: Executor, f: AuditFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  return pageWithTotal(filtered(db, f), (q) => q.selectAll().orderBy('id', page.order).limit(page.limit).offset(page.offset).execute());
}
