import {
  isResellerRole,
  RESELLER_APPLY_PAGE_PATH,
  Role,
  serverErrors,
  type AdminResellerApplication,
  type MyResellerApplication,
  type ResellerApplication,
  type ResellerApplicationStatus,
  type ResellerApplyInput,
} from '@simshop/contract';
import type { Updateable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { pageWindow } from '../../db/table-helpers.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeCustomer, customersByIds, requireCustomer } from '../accounts/account-admin.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as applications from './reseller-application.repository.ts';
import type { ResellerApplicationRow } from './reseller-application.repository.ts';
import type { ResellerApplicationsTable } from './reseller-applications.table.ts';

/**
 * Applications to become a reseller. Here, above accounts, because a decision changes an
 * account: approving sets the role through the accounts service (which ends the account's
 * sessions and leaves the customer's own audit row) in the same transaction as the decision, its
 * audit row and the notice to the applicant. A role change is not a security event here: those
 * are sign-ins and refusals; the audit log holds changes.
 */

function toApplication(r: ResellerApplicationRow): ResellerApplication {
  return {
    id: r.id,
    businessName: r.business_name,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    country: r.country,
    businessType: r.business_type,
    monthlyVolume: r.monthly_volume,
    website: r.website,
    note: r.note,
    status: r.status,
    rejectReason: r.reject_reason,
    createdAt: Number(r.created_at),
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
  };
}

// --- the shop ---

export async function myApplication(db: Executor, userId: number): Promise<MyResellerApplication> {
  const [user, row] = await Promise.all([requireCustomer(db, userId), applications.findNewestOf(db, userId)]);
  const regular = !isResellerRole(user.role);
  return { application: row ? toApplication(row) : null, canApply: regular && row?.status !== 'pending', canCreateReseller: regular && user.can_create_reseller === 1 };
}

export async function apply(db: Database, userId: number, input: ResellerApplyInput, now: number): Promise<ResellerApplication> {
  return db.transaction().execute(async (tx) => {
    if (isResellerRole((await requireCustomer(tx, userId)).role)) throw new AppError(serverErrors.resellerAlready);
    const row = await applications.insertPending(tx, {
      user_id: userId,
      business_name: input.businessName,
      contact_name: input.contactName,
      contact_email: input.contactEmail,
      contact_phone: input.contactPhone,
      country: input.country,
      business_type: input.businessType,
      monthly_volume: input.monthlyVolume,
      website: input.website,
      note: input.note,
      reject_reason: null,
      decided_by: null,
      decided_at: null,
      created_at: now,
      updated_at: now,
    });
    if (!row) throw new AppError(serverErrors.resellerApplicationOpen);
    return toApplication(row);
  });
}

// --- the console ---

async function toAdminMany(db: Executor, rows: ResellerApplicationRow[]): Promise<AdminResellerApplication[]> {
  const customers = await customersByIds(db, rows.map((r) => r.user_id));
  return rows.map((r) => {
    const c = customers.get(r.user_id);
    return {
      ...toApplication(r),
      applicant: { userId: r.user_id, account: c?.email ?? c?.tel ?? `#${r.user_id}`, role: c?.role ?? Role.normal },
      decidedBy: r.decided_by,
      version: r.version,
    };
  });
}

export async function listApplications(db: Executor, input: { page: number; pageSize: number; sortOrder: 'asc' | 'desc'; q?: string | undefined; status?: ResellerApplicationStatus | undefined }) {
  const { rows, total } = await applications.list(db, input, { ...pageWindow(input), order: input.sortOrder });
  return { items: await toAdminMany(db, rows), total };
}

async function requireApplication(db: Executor, id: number): Promise<ResellerApplicationRow> {
  const row = await applications.findById(db, id);
  if (!row) throw new AppError(serverErrors.resellerApplicationNotFound, 'id');
  return row;
}

export async function applicationDetail(db: Executor, id: number): Promise<AdminResellerApplication> {
  return (await toAdminMany(db, [await requireApplication(db, id)]))[0]!;
}

/** Both languages, as the sign-up codes are sent: the account keeps no language. */
function notice(row: ResellerApplicationRow, pageUrl: string) {
  if (row.status === 'approved') {
    return {
      subject: 'Your SimShop reseller application is approved / 您的 SimShop 分销商申请已通过',
      text: `您好，${row.contact_name}：\n${row.business_name} 的分销商申请已通过。请在分销商登录页重新登录，即可看到批发价。\n\nHello ${row.contact_name},\nthe reseller application of ${row.business_name} is approved. Sign in again on the reseller sign-in page to see wholesale prices.\n\n${pageUrl}`,
    };
  }
  return {
    subject: 'Your SimShop reseller application / 您的 SimShop 分销商申请',
    text: `您好，${row.contact_name}：\n${row.business_name} 的分销商申请未通过。原因：${row.reject_reason ?? ''}\n您可以修改后再次申请。\n\nHello ${row.contact_name},\nthe reseller application of ${row.business_name} was not approved. Reason: ${row.reject_reason ?? ''}\nYou may apply again.\n\n${pageUrl}`,
  };
}

/**
 * A decision on a pending application, at the version the staff member read: `also` changes what
 * else the decision changes (the account), then the row, its audit row and the applicant's notice
 * are written, all in one transaction.
 */
async function decide(
  db: Database,
  actor: Actor,
  input: { id: number; version: number },
  origin: string,
  now: number,
  next: Updateable<ResellerApplicationsTable> & { status: ResellerApplicationStatus },
  also?: (tx: Executor, row: ResellerApplicationRow) => Promise<void>,
): Promise<AdminResellerApplication> {
  return db.transaction().execute(async (tx) => {
    const row = await requireApplication(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if (row.status !== 'pending') throw new AppError(serverErrors.resellerApplicationDecided, 'id');
    if (also) await also(tx, row);
    const updated = await applications.updateAtVersion(tx, row.id, row.version, { ...next, decided_by: actor.label, decided_at: now, updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(
      tx,
      actor,
      { action: `reseller_application.${next.status === 'approved' ? 'approve' : 'reject'}`, targetType: 'reseller_application', targetId: row.id, before: { status: row.status }, after: { status: updated.status, rejectReason: updated.reject_reason, userId: row.user_id } },
      now,
    );
    const message = notice(updated, `${origin.replace(/\/+$/, '')}/uni${RESELLER_APPLY_PAGE_PATH}`);
    await enqueue(tx, Topic.mailSend, { to: updated.contact_email, ...message }, now);
    return (await toAdminMany(tx, [updated]))[0]!;
  });
}

/** The account becomes a reseller account; one that already is one (staff changed it meanwhile) keeps its role. */
export function approve(db: Database, actor: Actor, input: { id: number; version: number }, origin: string, now: number) {
  return decide(db, actor, input, origin, now, { status: 'approved' }, async (tx, row) => {
    const user = await requireCustomer(tx, row.user_id);
    if (!isResellerRole(user.role)) await changeCustomer(tx, actor, row.user_id, { role: Role.reseller }, now);
  });
}

export function reject(db: Database, actor: Actor, input: { id: number; version: number; reason: string }, origin: string, now: number) {
  return decide(db, actor, input, origin, now, { status: 'rejected', reject_reason: input.reason });
}

/** Who applied (the business, else the contact person), for naming applications in the console's history; missing ones are left out. */
export const applicantNamesByIds = async (db: Executor, ids: readonly number[]) =>
  (await applications.findApplicantsByIds(db, ids)).map((r) => ({ id: r.id, name: r.business_name || r.contact_name }));
