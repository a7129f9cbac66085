import type { AuditRow } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as audit from './audit.repository.ts';
import { pageItems, pageWindow } from '../../db/table-helpers.ts';

export type { AuditFilter } from './audit.repository.ts';

/**
 * Who made a change: a staff member through the console, or the owner's command line. Every
 * write by staff appends an audit row in the same transaction as the change; `written` lets the
 * dispatcher check that a write action did.
 */
export interface Actor {
  staffId: number | null;
  /** The staff member's email, or `cli:<user>` for the command line. */
  label: string;
  ip: string | null;
  written: number;
}

export function cliActor(): Actor {
  return { staffId: null, label: `cli:${process.env.USER ?? 'owner'}`, ip: null, written: 0 };
}

/** The label of the shop's own rule deciding what staff otherwise decide (a refund of an eSIM never installed). */
export const RULE_ACTOR_LABEL = 'rule';

/** The shop's rule as the one who made a change: no staff member, audited as "rule". */
export function ruleActor(): Actor {
  return { staffId: null, label: RULE_ACTOR_LABEL, ip: null, written: 0 };
}

export interface AuditInput {
  /** What was done, as `<domain>.<action>`, e.g. `order.ship`. */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one audit row (there is no update or delete of audit rows anywhere). */
export async function recordAudit(db: Executor, actor: Actor, entry: AuditInput, now: number): Promise<void> {
  await audit.insertAudit(db, {
    staff_id: actor.staffId,
    actor: actor.label,
    ip: actor.ip,
    action: entry.action,
    target_type: entry.targetType,
    target_id: String(entry.targetId),
    before_json: entry.before ? JSON.stringify(entry.before) : null,
    after_json: entry.after ? JSON.stringify(entry.after) : null,
    created_at: now,
  });
  actor.written += 1;
}

/**
 * The fields that differ between two snapshots, each side holding only those fields: what an
 * audit row shows as "before" and "after".
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}

/** Audit rows as kept; modules/history says them in words (audit-words.ts) before the console gets them. */
export async function listAuditEntries(db: Executor, filter: audit.AuditFilter, page: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }): Promise<{ items: AuditRow[]; total: number }> {
  return pageItems(await audit.listAudit(db, filter, { ...pageWindow(page), order: page.sortOrder }), (r) => ({
    id: r.id,
    staffId: r.staff_id,
    actor: r.actor,
    ip: r.ip,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    before: r.before_json ? (JSON.parse(r.before_json) as Record<string, unknown>) : null,
    after: r.after_json ? (JSON.parse(r.after_json) as Record<string, unknown>) : null,
    createdAt: r.created_at,
  }));
}
