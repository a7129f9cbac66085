import { randomBytes } from 'node:crypto';
import { ROLE_PERMISSIONS, serverErrors, type Staff, type StaffMe, type StaffRole } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { StaffTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { matchTotp, newTotpSecret, totpUrl } from '../../lib/totp.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../accounts/password.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { enforce, LIMITS, reset } from '../security/rate-limit.service.ts';
import { hashToken } from '../sessions/session.service.ts';
import { requireMerchant } from '../merchants/merchant.service.ts';
import * as staffRepo from './staff.repository.ts';

/** A signed-in staff member as admin handlers see them. */
export interface StaffSession {
  sessionId: number;
  staffId: number;
  email: string;
  role: StaffRole;
  /** Issue 15: the merchant whose data alone this member reaches; null: platform staff. */
  merchantId: number | null;
}

// A console left open over lunch stays signed in; one left overnight does not.
const STAFF_IDLE_MS = 12 * 3_600_000;
const STAFF_ABSOLUTE_MS = 7 * 24 * 3_600_000;
const TOUCH_INTERVAL_MS = 60_000;

type StaffRow = Selectable<StaffTable>;

export function toStaff(row: StaffRow): Staff {
  return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, totpEnabled: row.totp_secret !== null, lastSignInAt: row.last_sign_in_at, createdAt: row.created_at, merchantId: row.merchant_id };
}

function toMe(row: StaffRow): StaffMe {
  return { ...toStaff(row), permissions: [...ROLE_PERMISSIONS[row.role]] };
}

/** The staff session behind a token, or null (unknown, revoked, idle, past its end, or the member is disabled). */
export async function resolveStaffSession(db: Executor, token: string, now: number): Promise<StaffSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await staffRepo.findActiveSession(db, hashToken(token), now);
  if (!row || row.status !== 'active') return null;
  if (now - row.last_seen_at > STAFF_IDLE_MS) return null;
  if (now - row.last_seen_at > TOUCH_INTERVAL_MS) await staffRepo.touchSession(db, row.id, now);
  return { sessionId: row.id, staffId: row.staff_id, email: row.email, role: row.role, merchantId: row.merchant_id };
}

export async function createStaffSession(db: Executor, staffId: number, ip: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await staffRepo.insertSession(db, { staffId, tokenHash: hashToken(token), ip, now, expiresAt: now + STAFF_ABSOLUTE_MS });
  return token;
}

/** Email and password, then the TOTP code when the member has one; limited per account, address and both. */
export async function staffLogin(db: Database, input: { account: string; password: string; totp?: string | undefined }, ip: string, now: number): Promise<{ token: string }> {
  const perAccountAndIp = LIMITS.staffLoginPerAccountAndIp(input.account, ip);
  await enforce(db, now, perAccountAndIp, LIMITS.staffLoginPerAccount(input.account), LIMITS.staffLoginPerIp(ip));
  const row = await staffRepo.findStaffByEmail(db, input.account);
  if (!row) {
    await burnPasswordCheck(input.password);
    throw new AppError(serverErrors.accountOrPasswordIncorrect);
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw new AppError(serverErrors.accountOrPasswordIncorrect);
  if (row.status !== 'active') throw new AppError(serverErrors.accountInvalid);
  if (row.totp_secret) {
    if (!input.totp) throw new AppError(serverErrors.totpRequired, 'totp');
    const step = matchTotp(row.totp_secret, input.totp, now);
    if (step === null || (row.totp_last_step !== null && step <= row.totp_last_step)) throw new AppError(serverErrors.totpIncorrect, 'totp');
    await staffRepo.updateStaff(db, row.id, { totp_last_step: step });
  }
  await reset(db, perAccountAndIp);
  return db.transaction().execute(async (tx) => {
    await staffRepo.updateStaff(tx, row.id, { last_sign_in_at: now });
    return { token: await createStaffSession(tx, row.id, ip, now) };
  });
}

async function requireStaff(db: Executor, id: number): Promise<StaffRow> {
  const row = await staffRepo.findStaffById(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function staffMe(db: Executor, staff: StaffSession): Promise<StaffMe> {
  return toMe(await requireStaff(db, staff.staffId));
}

export async function staffLogout(db: Executor, staff: StaffSession, now: number): Promise<void> {
  await staffRepo.revokeSession(db, staff.sessionId, now);
}

export async function changeOwnPassword(db: Database, staff: StaffSession, actor: Actor, input: { oldPassword: string; newPassword: string }, now: number): Promise<void> {
  const row = await requireStaff(db, staff.staffId);
  if (!(await verifyPassword(row.password_hash, input.oldPassword))) throw new AppError(serverErrors.oldPasswordIncorrect, 'oldPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    await staffRepo.updateStaff(tx, row.id, { password_hash: passwordHash, updated_at: now });
    await staffRepo.revokeSessionsOf(tx, row.id, now, staff.sessionId);
    await recordAudit(tx, actor, { action: 'staff.change_password', targetType: 'staff', targetId: row.id }, now);
  });
}

export async function startTotpSetup(db: Executor, staff: StaffSession): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  await staffRepo.updateStaff(db, staff.staffId, { totp_pending_secret: secret });
  return { secret, otpauthUrl: totpUrl(secret, staff.email) };
}

export async function confirmTotp(db: Database, staff: StaffSession, actor: Actor, code: string, now: number): Promise<StaffMe> {
  const row = await requireStaff(db, staff.staffId);
  const step = row.totp_pending_secret ? matchTotp(row.totp_pending_secret, code, now) : null;
  if (step === null) throw new AppError(serverErrors.totpIncorrect, 'code');
  return db.transaction().execute(async (tx) => {
    const updated = await staffRepo.updateStaff(tx, row.id, { totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_last_step: step, updated_at: now });
    await recordAudit(tx, actor, { action: 'staff.totp_enable', targetType: 'staff', targetId: row.id, before: { totpEnabled: row.totp_secret !== null }, after: { totpEnabled: true } }, now);
    return toMe(updated);
  });
}

export async function disableTotp(db: Database, staff: StaffSession, actor: Actor, password: string, now: number): Promise<StaffMe> {
  const row = await requireStaff(db, staff.staffId);
  if (!(await verifyPassword(row.password_hash, password))) throw new AppError(serverErrors.accountOrPasswordIncorrect, 'password');
  return db.transaction().execute(async (tx) => {
    const updated = await staffRepo.updateStaff(tx, row.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: now });
    await recordAudit(tx, actor, { action: 'staff.totp_disable', targetType: 'staff', targetId: row.id, before: { totpEnabled: row.totp_secret !== null }, after: { totpEnabled: false } }, now);
    return toMe(updated);
  });
}

export async function listStaffMembers(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'email'; sortOrder: 'asc' | 'desc'; q?: string | undefined; role?: StaffRole | undefined; status?: 'active' | 'disabled' | undefined }) {
  const { rows, total } = await staffRepo.listStaff(db, input, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize, sort: input.sortField === 'email' ? 'email' : 'created_at', order: input.sortOrder });
  return { items: rows.map(toStaff), total };
}

function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Adds a staff member with a one-time password (shown once, to be changed). */
export async function createStaffMember(db: Database, actor: Actor, input: { email: string; name: string; role: StaffRole; merchantId?: number | null | undefined }, now: number): Promise<{ staff: Staff; password: string }> {
  if (await staffRepo.findStaffByEmail(db, input.email)) throw new AppError(serverErrors.alreadyExists, 'email');
  // Issue 15: a merchant's staff member; the owner role (staff, settings) is the platform's alone.
  const merchantId = input.merchantId ?? null;
  if (merchantId !== null) {
    await requireMerchant(db, merchantId, 'merchantId');
    if (input.role === 'owner') throw new AppError(serverErrors.merchantStaffOwner, 'role');
  }
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const row = await staffRepo.insertStaff(tx, { email: input.email, name: input.name, role: input.role, password_hash: passwordHash, status: 'active', created_at: now, updated_at: now, merchant_id: merchantId });
    await recordAudit(tx, actor, { action: 'staff.create', targetType: 'staff', targetId: row.id, after: { email: row.email, name: row.name, role: row.role, merchantId } }, now);
    return { staff: toStaff(row), password };
  });
}

/** The shop keeps at least one active owner: nobody can demote or disable the last one. */
async function keepAnOwner(db: Executor, row: StaffRow, change: { role?: StaffRole | undefined; status?: string | undefined }) {
  const losesOwner = row.role === 'owner' && row.status === 'active' && ((change.role !== undefined && change.role !== 'owner') || change.status === 'disabled');
  if (losesOwner && (await staffRepo.countActiveOwners(db)) <= 1) throw new AppError(serverErrors.noRightToOperate, change.role !== undefined ? 'role' : 'status');
}

export async function updateStaffMember(db: Database, actor: Actor, input: { id: number; name?: string | undefined; role?: StaffRole | undefined; status?: 'active' | 'disabled' | undefined }, now: number): Promise<Staff> {
  return db.transaction().execute(async (tx) => {
    const row = await requireStaff(tx, input.id);
    await keepAnOwner(tx, row, input);
    if (row.merchant_id !== null && input.role === 'owner') throw new AppError(serverErrors.merchantStaffOwner, 'role');
    const changes = { name: input.name ?? row.name, role: input.role ?? row.role, status: input.status ?? row.status };
    const updated = await staffRepo.updateStaff(tx, row.id, { ...changes, updated_at: now });
    // A new role or a disabled account takes effect at once.
    if (updated.role !== row.role || updated.status !== 'active') await staffRepo.revokeSessionsOf(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.update', targetType: 'staff', targetId: row.id, ...changedFields({ name: row.name, role: row.role, status: row.status }, changes) }, now);
    return toStaff(updated);
  });
}

export async function resetStaffPassword(db: Database, actor: Actor, id: number, now: number): Promise<{ staff: Staff; password: string }> {
  const row = await requireStaff(db, id);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const updated = await staffRepo.updateStaff(tx, row.id, { password_hash: passwordHash, updated_at: now });
    await staffRepo.revokeSessionsOf(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.reset_password', targetType: 'staff', targetId: row.id }, now);
    return { staff: toStaff(updated), password };
  });
}

/** Demo staff (not in production): one per role, `<role>@simshop.local`, with the demo password's hash. */
export async function seedDemoStaff(db: Executor, passwordHash: string, now: number): Promise<void> {
  for (const role of ['owner', 'operator', 'support', 'finance'] as const) {
    const email = `${role}@simshop.local`;
    if (await staffRepo.findStaffByEmail(db, email)) continue;
    await staffRepo.insertStaff(db, { email, name: `Demo ${role}`, role, password_hash: passwordHash, status: 'active', created_at: now, updated_at: now });
  }
}
