import { FALLBACK_LANGUAGE, LANGUAGES, roleCan, type Language, type OpsAlertSettings } from '@simshop/contract';
import { deleteInBatches } from '../../db/batched-delete.ts';
import type { Database, Executor } from '../../db/database.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { listStaffMembers, type StaffSession } from '../staff/staff.service.ts';
import * as repo from './ops-alerts.repository.ts';

/**
 * A staff member's failure alerts: the choice to be mailed and the language of the mails, and
 * who gets an alert when one goes out (modules/ops-alerts/ops-alert-sweeps.service.ts).
 */

export const asLanguage = (value: string | null | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : FALLBACK_LANGUAGE);

function toSettings(row: Awaited<ReturnType<typeof repo.findSettings>>): OpsAlertSettings {
  return { opsAlerts: row?.ops_alerts === 1, language: row?.language ? asLanguage(row.language) : null };
}

export async function alertSettings(db: Executor, staff: StaffSession): Promise<OpsAlertSettings> {
  return toSettings(await repo.findSettings(db, staff.staffId));
}

/** Saves the member's own choice (audited as a change to their staff record). */
export async function saveAlertSettings(db: Database, staff: StaffSession, actor: Actor, input: { opsAlerts: boolean; language: Language }, now: number): Promise<OpsAlertSettings> {
  return db.transaction().execute(async (tx) => {
    const before = toSettings(await repo.findSettings(tx, staff.staffId));
    await repo.saveSettings(tx, { staffId: staff.staffId, opsAlerts: input.opsAlerts, language: input.language, now });
    const after = toSettings(await repo.findSettings(tx, staff.staffId));
    await recordAudit(tx, actor, { action: 'staff.ops_alerts', targetType: 'staff', targetId: staff.staffId, before: { ...before }, after: { ...after } }, now);
    return after;
  });
}

/** Whether a member's choice still stands when their mail goes out (turned off since: not sent). */
export async function stillWantsAlerts(db: Executor, staffId: number): Promise<{ language: Language } | null> {
  const row = await repo.findSettings(db, staffId);
  return row?.ops_alerts === 1 ? { language: asLanguage(row.language) } : null;
}

const PAGE = 100;

/**
 * The staff an alert goes to: they asked for it, are active, work for the platform (not a
 * merchant) and may see the jobs page now (a role changed since they asked counts).
 */
export async function alertRecipients(db: Executor): Promise<{ staffId: number; email: string }[]> {
  const wanted = new Set((await repo.optedIn(db)).map((r) => r.staff_id));
  if (wanted.size === 0) return [];
  const found: { staffId: number; email: string }[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await listStaffMembers(db, { page, pageSize: PAGE, sortField: 'createdAt', sortOrder: 'asc', status: 'active' });
    for (const s of items) if (wanted.has(s.id) && s.merchantId === null && roleCan(s.role, 'jobs.read')) found.push({ staffId: s.id, email: s.email });
    if (items.length === 0 || page * PAGE >= total) return found;
  }
}

/** Deletes the alerts made before `before`, a batch at a time. */
export const pruneAlerts = (db: Executor, before: number): Promise<number> => deleteInBatches((limit) => repo.deleteOldAlerts(db, before, limit));
