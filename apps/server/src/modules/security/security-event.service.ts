import { SECURITY_ALERT_FAILURES, type SecurityEvent, type SecurityEventKind } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import * as limits from './rate-limit.repository.ts';
import * as events from './security-event.repository.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/** Where an event is also logged: the request's logger (info level). */
export interface EventLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SecurityEventInput {
  kind: SecurityEventKind;
  staffId?: number | null | undefined;
  /** The account tried at sign-in, or the signed-in member's email. */
  account?: string | null | undefined;
  ip: string | null;
  detail?: string | null | undefined;
}

/** Events are kept a year; the scheduler deletes older ones. */
const RETENTION_MS = 365 * 24 * 3_600_000;
/**
 * Requests with a bad signature need no account: from one address, only the first of each ten
 * minutes are stored (all are logged), so a flood of them cannot fill the table.
 */
const UNSIGNED_PER_IP = { max: 20, windowMs: 10 * 60_000 };

/**
 * Records a security event and logs it at info. Written outside the transaction of what it
 * describes: a refused sign-in rolls back, its record must stay. Never throws: a failure to
 * record is logged and the request goes on with its own answer.
 */
export async function recordSecurityEvent(db: Executor, log: EventLog | undefined, event: SecurityEventInput, now: number): Promise<void> {
  const row = { kind: event.kind, staff_id: event.staffId ?? null, account: event.account ?? null, ip: event.ip, detail: event.detail ?? null, created_at: now };
  log?.info({ securityEvent: { kind: row.kind, staffId: row.staff_id, account: row.account, ip: row.ip, detail: row.detail } }, `security event: ${row.kind}`);
  try {
    if (row.kind === 'signature_invalid' && (await limits.hit(db, `security-event:ip:${row.ip ?? ''}`, now, UNSIGNED_PER_IP.windowMs)).count > UNSIGNED_PER_IP.max) return;
    await events.insertSecurityEvent(db, row);
  } catch (err) {
    log?.error({ err }, 'recording a security event failed');
  }
}

/** Deletes events older than the retention period, a batch at a time (run by the scheduler). */
export async function pruneSecurityEvents(db: Executor, now: number): Promise<void> {
  await deleteInBatches((limit) => events.deleteSecurityEventsBefore(db, now - RETENTION_MS, limit));
}

export async function listSecurityEventEntries(db: Executor, filter: events.SecurityEventFilter, page: { page: number; pageSize: number; sortOrder: 'asc' | 'desc' }): Promise<{ items: SecurityEvent[]; total: number }> {
  const { rows, total } = await events.listSecurityEvents(db, filter, { ...pageWindow(page), order: page.sortOrder });
  return {
    total,
    items: rows.map((r) => ({ id: r.id, kind: r.kind, staffId: r.staff_id, account: r.account, ip: r.ip, detail: r.detail, createdAt: r.created_at })),
  };
}

const ALERT_WINDOW_MS = 24 * 3_600_000;

/** Staff accounts someone keeps failing to sign in to: the dashboard's security alerts. */
export function securityAlerts(db: Executor, now: number) {
  return events.failedSignInsByAccount(db, now - ALERT_WINDOW_MS, SECURITY_ALERT_FAILURES);
}
