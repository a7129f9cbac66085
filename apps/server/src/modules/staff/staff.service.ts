import { randomBytes } from 'node:crypto';
import { ROLE_PERMISSIONS, serverErrors, type Staff, type StaffMe, type StaffRole, type StaffStatus } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import type { StaffTable } from './staff.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { matchTotp, newTotpSecret, totpUrl } from '../../lib/totp.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { countStaffFailure, enforce, enforceStaffDelay, forgiveStaffFailures, LIMITS, reset } from '../security/rate-limit.service.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import { hashToken, isPlausibleToken } from '../sessions/session-store.ts';
import { merchantSuspended, requireMerchant } from '../merchants/merchant.service.ts';
import * as staffRepo from './staff.repository.ts';
import { pageWindow } from '../../db/table-helpers.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';

/** A signed-in staff member as admin handlers see them. */
export interface StaffSession {
  sessionId: number;
  staffId: number;
  email: string;
  role: StaffRole;
  /** The merchant whose data alone this member reaches; null: platform staff. */
  merchantId: number | null;
  /** Signed in with a one-time password: nothing but changing it is allowed. */
  mustChangePassword: boolean;
}

// A console left open over lunch stays signed in; one left overnight does not.
const STAFF_IDLE_MS = 12 * 3_600_000;
const STAFF_ABSOLUTE_MS = 7 * 24 * 3_600_000;

type StaffRow = Selectable<StaffTable>;

export function toStaff(row: StaffRow): Staff {
  return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, totpEnabled: row.totp_secret !== null, lastSignInAt: row.last_sign_in_at, createdAt: row.created_at, merchantId: row.merchant_id };
}

function toMe(row: StaffRow): StaffMe {
  return { ...toStaff(row), permissions: [...ROLE_PERMISSIONS[row.role]], mustChangePassword: row.must_change_password === 1 };
}

/** The staff session behind a token, or null (unknown, revoked, idle, past its end, or the member is disabled). */
export async function resolveStaffSession(db: Executor, token: string, now: number): Promise<StaffSession | null> {
  if (!isPlausibleToken(token)) return null;
  const row = await staffRepo.findActiveSession(db, hashToken(token), now);
  if (!row || row.status !== 'active') return null;
  if (!(await staffRepo.staffSessions.keepAlive(db, row, STAFF_IDLE_MS, now))) return null;
  return { sessionId: row.id, staffId: row.staff_id, email: row.email, role: row.role, merchantId: row.merchant_id, mustChangePassword: row.must_change_password === 1 };
}

/** What a member with a one-time password may still do: see who they are, sign out, change it. */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['adminAuth:me', 'adminAuth:logout', 'adminAuth:change_password']);

/** Whether an admin action waits until the member has replaced their one-time password. */
export function waitsForPasswordChange(staff: StaffSession, endpoint: string, action: string): boolean {
  return staff.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(`${endpoint}:${action}`);
}

export async function createStaffSession(db: Executor, staffId: number, ip: string, now: number): Promise<string> {
  return staffRepo.staffSessions.create(db, staffId, { ip }, now, STAFF_ABSOLUTE_MS);
}

/** The device cookie's random id (32 bytes, base64url). */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
/** A device stays known for 90 days after its last sign-in. */
export const STAFF_DEVICE_MS = 90 * 24 * 3_600_000;

export interface SignInRequest {
  ip: string;
  now: number;
  /** The device cookie sent with the sign-in, if any. */
  deviceId: string | undefined;
  log?: EventLog | undefined;
  /** An assistant's consent page: the same checks, but no console session and no known device. */
  forAssistant?: boolean | undefined;
}

/**
 * Email, password and (when the member has TOTP) the code, in one step: any of them wrong gets
 * the same answer, so a right password is not revealed by a TOTP error. From a device the member
 * signed in from before, only that device's own bound applies; from others, the account slows
 * down with every wrong attempt from anywhere (growing delays, never a lock) and the address is
 * limited too. The answer carries the device id to keep in the cookie.
 */
export async function staffLogin(db: Database, input: { account: string; password: string; totp?: string | undefined }, req: SignInRequest): Promise<{ token: string; mustChangePassword: boolean; deviceId: string; staffId: number }> {
  const { ip, now } = req;
  const event = (kind: 'staff_sign_in' | 'staff_sign_in_failed' | 'staff_sign_in_delayed' | 'staff_totp_failed', staffId: number | null, detail: string) =>
    recordSecurityEvent(db, req.log, { kind, staffId, account: input.account, ip, detail }, now);
  const row = await staffRepo.findStaffByEmail(db, input.account);
  const deviceId = req.deviceId && DEVICE_ID.test(req.deviceId) ? req.deviceId : randomBytes(32).toString('base64url');
  const deviceHash = hashToken(deviceId);
  const knownDevice = row !== undefined && req.deviceId === deviceId && (await staffRepo.findDevice(db, row.id, deviceHash, now)) !== undefined;
  const perAccountAndIp = LIMITS.staffLoginPerAccountAndIp(input.account, ip);
  try {
    if (knownDevice) await enforce(db, now, LIMITS.staffLoginPerDevice(deviceHash));
    else {
      await enforce(db, now, perAccountAndIp, LIMITS.staffLoginPerIp(ip));
      await enforceStaffDelay(db, input.account, now);
    }
  } catch (err) {
    await event('staff_sign_in_delayed', row?.id ?? null, knownDevice ? 'known device' : 'unknown device');
    throw err;
  }
  const refuse = async (kind: 'staff_sign_in_failed' | 'staff_totp_failed', detail: string) => {
    if (!knownDevice) await countStaffFailure(db, input.account, now);
    await event(kind, row?.id ?? null, detail);
    return new AppError(serverErrors.staffSignInIncorrect);
  };
  if (!row) {
    await burnPasswordCheck(input.password);
    throw await refuse('staff_sign_in_failed', 'unknown account');
  }
  if (!(await verifyPassword(row.password_hash, input.password))) throw await refuse('staff_sign_in_failed', 'password');
  let step: number | null = null;
  if (row.totp_secret) {
    step = input.totp ? matchTotp(row.totp_secret, input.totp, now) : null;
    if (step === null) throw await refuse('staff_totp_failed', input.totp ? 'wrong code' : 'no code');
    if (row.totp_last_step !== null && step <= row.totp_last_step) throw await refuse('staff_totp_failed', 'code used');
  }
  // Told only with every credential right.
  if (row.status !== 'active') {
    await event('staff_sign_in_failed', row.id, 'disabled');
    throw new AppError(serverErrors.accountInvalid);
  }
  // A suspended merchant's staff wait for its reactivation (told only with every credential right).
  if (row.merchant_id !== null && (await merchantSuspended(db, row.merchant_id))) {
    await event('staff_sign_in_failed', row.id, 'merchant suspended');
    throw new AppError(serverErrors.merchantSuspended);
  }
  const token = await db.transaction().execute(async (tx) => {
    // The code is spent in the transaction that creates the session: of parallel sign-ins with
    // one code, exactly one gets a session.
    if (step !== null && !(await staffRepo.spendTotpStep(tx, row.id, step))) return null;
    await staffRepo.updateStaff(tx, row.id, { last_sign_in_at: now });
    if (req.forAssistant) return '';
    await staffRepo.saveDevice(tx, row.id, deviceHash, now, now + STAFF_DEVICE_MS);
    return createStaffSession(tx, row.id, ip, now);
  });
  if (token === null) throw await refuse('staff_totp_failed', 'code used');
  if (!knownDevice) {
    await reset(db, perAccountAndIp);
    await forgiveStaffFailures(db, input.account);
  }
  await event('staff_sign_in', row.id, req.forAssistant ? 'assistant consent' : knownDevice ? 'known device' : 'new device');
  return { token, mustChangePassword: row.must_change_password === 1, deviceId, staffId: row.id };
}

/**
 * Checks a current TOTP code for a change to the member's own security (password, TOTP off) and
 * spends it in the change's transaction (`spend`); nothing to check while TOTP is off.
 */
async function currentTotpStep(db: Executor, row: StaffRow, code: string | undefined, field: string, log: EventLog | undefined, staff: StaffSession, ip: string | null, now: number): Promise<number | null> {
  if (!row.totp_secret) return null;
  if (!code) throw new AppError(serverErrors.totpRequired, field);
  const step = matchTotp(row.totp_secret, code, now);
  if (step === null || (row.totp_last_step !== null && step <= row.totp_last_step)) {
    await recordSecurityEvent(db, log, { kind: 'staff_totp_failed', staffId: staff.staffId, account: staff.email, ip, detail: field === 'code' ? 'turning TOTP off' : 'changing password' }, now);
    throw new AppError(serverErrors.totpIncorrect, field);
  }
  return step;
}

async function spendStep(tx: Executor, staffId: number, step: number | null, field: string): Promise<void> {
  if (step !== null && !(await staffRepo.spendTotpStep(tx, staffId, step))) throw new AppError(serverErrors.totpIncorrect, field);
}

export async function staffIdByEmail(db: Executor, email: string): Promise<number | null> {
  return (await staffRepo.findStaffByEmail(db, email))?.id ?? null;
}

async function requireStaff(db: Executor, id: number): Promise<StaffRow> {
  const row = await staffRepo.findStaffById(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

/** Staff members by id or email, for the history's "who" (a member since removed is left out). */
export async function staffByIdsOrEmails(db: Executor, ids: readonly number[], emails: readonly string[]): Promise<Array<{ id: number; name: string; email: string }>> {
  const rows = await Promise.all([...ids.map((id) => staffRepo.findStaffById(db, id)), ...emails.map((email) => staffRepo.findStaffByEmail(db, email))]);
  return rows.filter((r) => r !== undefined).map((r) => ({ id: r.id, name: r.name, email: r.email }));
}

/** A member as their console sees them (role, permissions, merchant, status); undefined: none. */
export async function staffMemberById(db: Executor, id: number): Promise<StaffMe | undefined> {
  const row = await staffRepo.findStaffById(db, id);
  return row ? toMe(row) : undefined;
}

export async function staffMe(db: Executor, staff: StaffSession): Promise<StaffMe> {
  return toMe(await requireStaff(db, staff.staffId));
}

/** Signs out every member of a merchant (run in the transaction that suspends it). */
export async function endMerchantStaffSessions(db: Executor, merchantId: number, now: number): Promise<void> {
  await staffRepo.revokeMerchantSessions(db, merchantId, now);
}

export async function staffLogout(db: Executor, staff: StaffSession, now: number): Promise<void> {
  await staffRepo.staffSessions.revoke(db, staff.sessionId, now);
}

/** Changes the own password: the current one, and a current TOTP code when TOTP is on; ends a one-time password. */
export async function changeOwnPassword(db: Database, staff: StaffSession, actor: Actor, input: { oldPassword: string; newPassword: string; totp?: string | undefined }, now: number, log?: EventLog): Promise<void> {
  const row = await requireStaff(db, staff.staffId);
  if (!(await verifyPassword(row.password_hash, input.oldPassword))) throw new AppError(serverErrors.oldPasswordIncorrect, 'oldPassword');
  // A one-time password is replaced, not kept.
  if (input.newPassword === input.oldPassword) throw new AppError(serverErrors.paramInvalid, 'newPassword');
  const step = await currentTotpStep(db, row, input.totp, 'totp', log, staff, actor.ip, now);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    await spendStep(tx, row.id, step, 'totp');
    await staffRepo.updateStaff(tx, row.id, { password_hash: passwordHash, must_change_password: 0, updated_at: now });
    await staffRepo.staffSessions.revokeAllOf(tx, row.id, now, staff.sessionId);
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

/** Turns TOTP off: the password and a current code (a stolen session alone cannot). */
export async function disableTotp(db: Database, staff: StaffSession, actor: Actor, input: { password: string; code: string }, now: number, log?: EventLog): Promise<StaffMe> {
  const row = await requireStaff(db, staff.staffId);
  if (!(await verifyPassword(row.password_hash, input.password))) throw new AppError(serverErrors.accountOrPasswordIncorrect, 'password');
  const step = await currentTotpStep(db, row, input.code, 'code', log, staff, actor.ip, now);
  return db.transaction().execute(async (tx) => {
    await spendStep(tx, row.id, step, 'code');
    const updated = await staffRepo.updateStaff(tx, row.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: now });
    await recordAudit(tx, actor, { action: 'staff.totp_disable', targetType: 'staff', targetId: row.id, before: { totpEnabled: row.totp_secret !== null }, after: { totpEnabled: false } }, now);
    return toMe(updated);
  });
}

export async function listStaffMembers(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'email'; sortOrder: 'asc' | 'desc'; q?: string | undefined; role?: StaffRole | undefined; status?: StaffStatus | undefined }) {
  const { rows, total } = await staffRepo.listStaff(db, input, { ...pageWindow(input), sort: input.sortField === 'email' ? 'email' : 'created_at', order: input.sortOrder });
  return { items: rows.map(toStaff), total };
}

function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Adds a staff member with a one-time password (shown once, to be changed). */
export async function createStaffMember(db: Database, actor: Actor, input: { email: string; name: string; role: StaffRole; merchantId?: number | null | undefined }, now: number): Promise<{ staff: Staff; password: string }> {
  if (await staffRepo.findStaffByEmail(db, input.email)) throw new AppError(serverErrors.alreadyExists, 'email');
  // A merchant's staff member; the owner role (staff, settings) is the platform's alone.
  const merchantId = input.merchantId ?? null;
  if (merchantId !== null) {
    await requireMerchant(db, merchantId, 'merchantId');
    if (input.role === 'owner') throw new AppError(serverErrors.merchantStaffOwner, 'role');
  }
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const row = await staffRepo.insertStaff(tx, { email: input.email, name: input.name, role: input.role, password_hash: passwordHash, status: 'active', must_change_password: 1, created_at: now, updated_at: now, merchant_id: merchantId });
    await recordAudit(tx, actor, { action: 'staff.create', targetType: 'staff', targetId: row.id, after: { email: row.email, name: row.name, role: row.role, merchantId } }, now);
    return { staff: toStaff(row), password };
  });
}

/** The shop keeps at least one active owner: nobody can demote or disable the last one. */
async function keepAnOwner(db: Executor, row: StaffRow, change: { role?: StaffRole | undefined; status?: string | undefined }) {
  const losesOwner = row.role === 'owner' && row.status === 'active' && ((change.role !== undefined && change.role !== 'owner') || change.status === 'disabled');
  if (losesOwner && (await staffRepo.countActiveOwners(db)) <= 1) throw new AppError(serverErrors.noRightToOperate, change.role !== undefined ? 'role' : 'status');
}

export async function updateStaffMember(db: Database, actor: Actor, input: { id: number; name?: string | undefined; role?: StaffRole | undefined; status?: StaffStatus | undefined }, now: number): Promise<Staff> {
  return db.transaction().execute(async (tx) => {
    const row = await requireStaff(tx, input.id);
    await keepAnOwner(tx, row, input);
    if (row.merchant_id !== null && input.role === 'owner') throw new AppError(serverErrors.merchantStaffOwner, 'role');
    const changes = { name: input.name ?? row.name, role: input.role ?? row.role, status: input.status ?? row.status };
    const updated = await staffRepo.updateStaff(tx, row.id, { ...changes, updated_at: now });
    // A new role or a disabled account takes effect at once.
    if (updated.role !== row.role || updated.status !== 'active') await staffRepo.staffSessions.revokeAllOf(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.update', targetType: 'staff', targetId: row.id, ...changedFields({ name: row.name, role: row.role, status: row.status }, changes) }, now);
    return toStaff(updated);
  });
}

export async function resetStaffPassword(db: Database, actor: Actor, id: number, now: number): Promise<{ staff: Staff; password: string }> {
  const row = await requireStaff(db, id);
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const updated = await staffRepo.updateStaff(tx, row.id, { password_hash: passwordHash, must_change_password: 1, updated_at: now });
    await staffRepo.staffSessions.revokeAllOf(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.reset_password', targetType: 'staff', targetId: row.id }, now);
    return { staff: toStaff(updated), password };
  });
}

/**
 * Turns a member's TOTP off for them, when their authenticator is lost: their sessions end, and
 * they sign in with the password alone and set TOTP up again. The owner's command line does the
 * same for an owner (`staff reset`), who has nobody above them.
 */
export async function resetStaffTotp(db: Database, actor: Actor, id: number, now: number): Promise<Staff> {
  return db.transaction().execute(async (tx) => {
    const row = await requireStaff(tx, id);
    const updated = await staffRepo.updateStaff(tx, row.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: now });
    await staffRepo.staffSessions.revokeAllOf(tx, row.id, now);
    await recordAudit(tx, actor, { action: 'staff.reset_totp', targetType: 'staff', targetId: row.id, before: { totpEnabled: row.totp_secret !== null }, after: { totpEnabled: false } }, now);
    return toStaff(updated);
  });
}

/** Demo staff (not in production): one per role, `<role>@simshop.local`, with the demo password's hash. */
export async function seedDemoStaff(db: Executor, passwordHash: string, now: number): Promise<void> {
  for (const role of ['owner', 'operator', 'support', 'finance'] as const) {
    const email = `${role}@simshop.local`;
    if (await staffRepo.findStaffByEmail(db, email)) continue;
    // Demo data with a published password: not a one-time password to be changed.
    await staffRepo.insertStaff(db, { email, name: `Demo ${role}`, role, password_hash: passwordHash, status: 'active', must_change_password: 0, created_at: now, updated_at: now });
  }
}

/** Deletes staff sessions that expired or were revoked before `before`, a batch at a time. */
export async function pruneStaffSessions(db: Executor, before: number): Promise<number> {
  const expired = await deleteInBatches((limit) => staffRepo.staffSessions.deleteExpiredBatch(db, before, limit));
  return expired + (await deleteInBatches((limit) => staffRepo.staffSessions.deleteRevokedBatch(db, before, limit)));
}
