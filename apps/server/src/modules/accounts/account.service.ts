import {
  accountKind,
  isResellerRole,
  Role,
  serverErrors,
  UserType,
  type CodePurpose,
  type Currency,
  type LoginResponse,
  type UserInfo,
} from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import type { SessionMode } from '../sessions/sessions.table.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthSession } from '../sessions/session.service.ts';
import { createSession, revokeAllSessions, revokeSession } from '../sessions/session.service.ts';
import { userTotals } from '../cart/cart.service.ts';
import { enforce, LIMITS, reset } from '../security/rate-limit.service.ts';
import * as users from './account.repository.ts';
import { checkProof } from './proof-of-work.service.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password.ts';
import { consumeVerifiedCode, issueCode, verifyCode } from './verification-code.service.ts';

type UserRow = NonNullable<Awaited<ReturnType<typeof users.findUserById>>>;

export interface Caller {
  ip: string;
  now: number;
  /** The signed-in user, when there is one: limited per user as well as per address. */
  userId?: number | undefined;
}

/** Which sign-in an endpoint is: regular, reseller, or foreign reseller (SPEC §6). */
export type LoginKind = { mode: 'regular' } | { mode: 'reseller'; foreign: boolean };

function toUserInfo(u: UserRow): UserInfo {
  return { id: u.id, avatar: u.avatar, nickname: u.nickname, name: u.name, tel: u.tel, email: u.email, role: u.role, currency: u.currency };
}

function parseAccount(account: string): { kind: 'tel' | 'email'; value: string } {
  const kind = accountKind(account);
  if (!kind) throw new AppError(serverErrors.paramInvalid, 'account');
  return { kind, value: kind === 'email' ? account.toLowerCase() : account };
}

function assertUsable(u: UserRow) {
  // A deleted account has no e-mail or phone left to sign in with; this guards any other way in.
  if (u.deleted_at !== null) throw new AppError(serverErrors.accountNotFound);
  if (u.status === 'blacklisted') throw new AppError(serverErrors.accountBlacklisted);
  if (u.status === 'rejected') throw new AppError(serverErrors.accountRejected);
  if (u.status === 'invalid') throw new AppError(serverErrors.accountInvalid);
  if (u.status !== 'active') throw new AppError(serverErrors.accountAbnormal);
}

/** A reseller sign-in needs a reseller account of the matching kind: foreign resellers (role 6) sign in with the foreign flag. */
function assertMayUse(u: UserRow, kind: LoginKind) {
  if (kind.mode === 'regular') return;
  const foreign = u.role === Role.foreignReseller;
  if (!isResellerRole(u.role) || foreign !== kind.foreign) throw new AppError(serverErrors.accountIncorrect, 'account');
}

async function startSession(db: Database, config: Config, u: UserRow, mode: SessionMode, now: number): Promise<LoginResponse> {
  const token = await createSession(db, config, u.id, mode, now);
  return { token, data: toUserInfo(u), total: await userTotals(db, u.id), reseller: mode === 'reseller' };
}

/** The usable account a password opens, within the sign-in's limits. Wrong account and wrong password look the same. */
async function passwordHolder(db: Database, caller: Caller, input: { account: string; password: string }) {
  const account = parseAccount(input.account);
  const perSource = LIMITS.loginPerAccountAndIp(account.value, caller.ip);
  await enforce(db, caller.now, perSource, LIMITS.loginPerAccount(account.value), LIMITS.loginPerIp(caller.ip));
  const u = await users.findUserByAccount(db, account.kind, account.value);
  if (!u) {
    await burnPasswordCheck(input.password);
    throw new AppError(serverErrors.accountOrPasswordIncorrect);
  }
  if (!(await verifyPassword(u.password_hash, input.password))) throw new AppError(serverErrors.accountOrPasswordIncorrect);
  assertUsable(u);
  return { u, perSource };
}

/** Sign in with account and password. Wrong account and wrong password look the same. */
export async function loginWithPassword(db: Database, config: Config, caller: Caller, input: { account: string; password: string }, kind: LoginKind): Promise<LoginResponse> {
  const { u, perSource } = await passwordHolder(db, caller, input);
  assertMayUse(u, kind);
  await reset(db, perSource);
  return startSession(db, config, u, kind.mode, caller.now);
}

/**
 * The user id a password opens, without starting a session: an assistant's consent page signs
 * the customer in for that one approval (the same limits and refusals as a sign-in).
 */
export async function checkPassword(db: Database, caller: Caller, input: { account: string; password: string }): Promise<number> {
  const { u, perSource } = await passwordHolder(db, caller, input);
  await reset(db, perSource);
  return u.id;
}

/**
 * Sign in with a one-time code sent to the account. Its counters are not the password's: the
 * owner of an account strangers are guessing at still signs in this way.
 */
export async function loginWithCode(db: Database, config: Config, caller: Caller, input: { account: string; code: string }, kind: LoginKind): Promise<LoginResponse> {
  const u = await codeHolder(db, caller, input, kind);
  return startSession(db, config, u, kind.mode, caller.now);
}

/** The usable account a sign-in code opens, within the code sign-in's limits; the code is used up. */
async function codeHolder(db: Database, caller: Caller, input: { account: string; code: string }, kind: LoginKind): Promise<UserRow> {
  const account = parseAccount(input.account);
  await enforce(db, caller.now, LIMITS.codeLoginPerAccount(account.value), LIMITS.loginPerIp(caller.ip));
  const codeId = await verifyCode(db, { target: account.value, purpose: 'login', code: input.code }, caller.now);
  const u = await users.findUserByAccount(db, account.kind, account.value);
  if (!u) throw new AppError(account.kind === 'tel' ? serverErrors.telNotBound : serverErrors.accountNotFound, 'account');
  assertUsable(u);
  assertMayUse(u, kind);
  await db.transaction().execute((tx) => consumeVerifiedCode(tx, codeId, caller.now));
  return u;
}

/** The user id a sign-in code opens, without starting a session: an assistant's consent page (as checkPassword). */
export async function checkCode(db: Database, caller: Caller, input: { account: string; code: string }): Promise<number> {
  return (await codeHolder(db, caller, input, { mode: 'regular' })).id;
}

/**
 * Sign up with a code sent to the phone or email, and a password; signs the new customer in.
 * The code is checked first: an address that has an account never got one (its owner got a
 * notice), so a known account reads like any wrong code (account enumeration).
 */
export async function register(db: Database, config: Config, caller: Caller, input: { account: string; code: string; password: string; nickname?: string | undefined }): Promise<LoginResponse> {
  const account = parseAccount(input.account);
  await enforce(db, caller.now, LIMITS.loginPerIp(caller.ip));
  const codeId = await verifyCode(db, { target: account.value, purpose: 'register', code: input.code }, caller.now);
  if (await users.findUserByAccount(db, account.kind, account.value)) throw new AppError(serverErrors.accountRegistered, 'account');
  const passwordHash = await hashPassword(input.password);
  const fallbackNickname = account.kind === 'tel' ? `${account.value.slice(0, 3)}****${account.value.slice(-4)}` : account.value.split('@')[0]!;
  const id = await db.transaction().execute(async (tx) => {
    await consumeVerifiedCode(tx, codeId, caller.now);
    try {
      return await users.insertUser(tx, {
        role: Role.normal,
        user_type: account.kind === 'tel' ? UserType.mobile : UserType.email,
        nickname: input.nickname || fallbackNickname,
        name: '',
        tel: account.kind === 'tel' ? account.value : null,
        email: account.kind === 'email' ? account.value : null,
        password_hash: passwordHash,
        status: 'active',
        can_create_reseller: config.resellerSelfSignup ? 1 : 0,
        created_at: caller.now,
        updated_at: caller.now,
      });
    } catch (err) {
      // Two sign-ups for the same account at once: the unique index decides.
      if (await users.findUserByAccount(tx, account.kind, account.value)) throw new AppError(serverErrors.accountRegistered, 'account');
      throw err;
    }
  });
  const u = await users.findUserById(db, id);
  return startSession(db, config, u!, 'regular', caller.now);
}

export async function logout(db: Executor, session: AuthSession, now: number) {
  await revokeSession(db, session.sessionId, now);
  return { ok: true as const };
}

/**
 * Forgot password: a `reset` code proves the phone or email is the caller's; the new
 * password replaces the old one and every session of the account ends, in one transaction. The
 * code goes only to an address with an account, so an unknown account reads as a wrong code.
 * Counted per account and address like a code sign-in, so guessing is bounded twice (five wrong
 * guesses void a code).
 */
export async function resetPassword(db: Database, caller: Caller, input: { account: string; code: string; password: string }) {
  const account = parseAccount(input.account);
  await enforce(db, caller.now, LIMITS.codeLoginPerAccount(account.value), LIMITS.loginPerIp(caller.ip));
  const codeId = await verifyCode(db, { target: account.value, purpose: 'reset', code: input.code }, caller.now);
  const u = await users.findUserByAccount(db, account.kind, account.value);
  if (!u) throw new AppError(serverErrors.verificationCodeIncorrect, 'code');
  assertUsable(u);
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (tx) => {
    await consumeVerifiedCode(tx, codeId, caller.now);
    await users.updateUser(tx, u.id, { password_hash: passwordHash }, caller.now);
    await revokeAllSessions(tx, u.id, caller.now);
  });
  return { ok: true as const };
}

/**
 * Sends a code once a proof-of-work challenge for its purpose is solved, and answers the same
 * whoever has the account: the code goes only where it can be used — to a new address for sign-up and
 * binding, to a known one for sign-in and unbinding. A known address asked for a sign-up or
 * binding code gets a notice instead; an unknown one asked for a sign-in code gets nothing.
 */
export async function sendCode(db: Database, config: Config, caller: Caller, input: { account: string; purpose: CodePurpose; seedId: string; solution: string }) {
  const account = parseAccount(input.account);
  await enforce(db, caller.now, LIMITS.codePerIp(caller.ip), ...(caller.userId === undefined ? [] : [LIMITS.codePerUser(caller.userId)]));
  await checkProof(db, { seedId: input.seedId, purpose: input.purpose, solution: input.solution }, caller.now);
  await enforce(db, caller.now, LIMITS.codePerAccount(account.value));
  const existing = await users.findUserByAccount(db, account.kind, account.value);
  const wantsNew = input.purpose === 'register' || input.purpose === 'bind';
  const deliver = wantsNew === !existing ? 'code' : wantsNew ? 'notice' : 'none';
  return db.transaction().execute((tx) => issueCode(tx, { channel: account.kind === 'tel' ? 'sms' : 'email', target: account.value, purpose: input.purpose, deliver, smsBudget: config.sms.dailyBudget }, caller.now));
}

/** WeChat sign-in: a session for the account a linked WeChat belongs to, refused like any sign-in when it is not usable. */
export async function signInUser(db: Database, config: Config, userId: number, now: number): Promise<LoginResponse> {
  const u = await requireUser(db, userId);
  assertUsable(u);
  return startSession(db, config, u, 'regular', now);
}

/**
 * WeChat linking: the account of a phone proven with a sign-in code, checked and
 * limited like a code sign-in. The caller uses the code up (`consumeVerifiedCode`) in the
 * transaction that links.
 */
export async function accountOfProvenPhone(db: Database, caller: Caller, input: { tel: string; code: string }): Promise<{ userId: number; codeId: number }> {
  await enforce(db, caller.now, LIMITS.codeLoginPerAccount(input.tel), LIMITS.loginPerIp(caller.ip));
  const codeId = await verifyCode(db, { target: input.tel, purpose: 'login', code: input.code }, caller.now);
  const u = await users.findUserByAccount(db, 'tel', input.tel);
  if (!u) throw new AppError(serverErrors.telNotBound, 'tel');
  assertUsable(u);
  return { userId: u.id, codeId };
}

/** WeChat sign-up: a new customer account of user type 1, without phone, email or password. */
export async function createWechatUser(tx: Executor, config: Config, input: { nickname: string; avatar: string | null }, now: number): Promise<number> {
  return users.insertUser(tx, {
    role: Role.normal,
    user_type: UserType.officialAccount,
    nickname: input.nickname,
    name: '',
    tel: null,
    email: null,
    password_hash: null,
    avatar: input.avatar,
    status: 'active',
    can_create_reseller: config.resellerSelfSignup ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
}

async function requireUser(db: Executor, userId: number): Promise<UserRow> {
  const u = await users.findUserById(db, userId);
  if (!u) throw new AppError(serverErrors.accountNotFound);
  return u;
}

/** A user by id, for other modules: they ask this service, never the accounts repository. */
export function userById(db: Executor, id: number) {
  return users.findUserById(db, id);
}

/** A user by the email or phone number they sign in with. */
export function userByAccount(db: Executor, kind: 'tel' | 'email', value: string) {
  return users.findUserByAccount(db, kind, value);
}

/** The caller's own account row (the password hash left out), for their data export. */
export async function ownAccount(db: Executor, userId: number) {
  const { password_hash: _hash, ...row } = await requireUser(db, userId);
  return row;
}

/**
 * Removes what names the person from a deleted account: e-mail, phone, nickname, name, avatar
 * and password go, `deleted_at` is set; every session ends. The row stays for the orders.
 */
export async function anonymiseAccount(tx: Executor, userId: number, now: number): Promise<void> {
  await users.anonymiseUser(tx, userId, now);
  await revokeAllSessions(tx, userId, now);
}

export async function getUserInfo(db: Executor, userId: number): Promise<UserInfo> {
  return toUserInfo(await requireUser(db, userId));
}

/** Changes nickname, name or avatar (an image this user uploaded). */
export async function updateProfile(
  db: Database,
  userId: number,
  input: { nickname?: string | undefined; name?: string | undefined; avatarFileId?: string | undefined },
  resolveAvatar: (fileId: string) => Promise<string | null>,
  now: number,
): Promise<UserInfo> {
  const changes: { nickname?: string; name?: string; avatar?: string } = {};
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.name !== undefined) changes.name = input.name;
  if (input.avatarFileId !== undefined) {
    const url = await resolveAvatar(input.avatarFileId);
    if (!url) throw new AppError(serverErrors.paramInvalid, 'avatarFileId');
    changes.avatar = url;
  }
  await users.updateUser(db, userId, changes, now);
  return getUserInfo(db, userId);
}

/** Mine: the currency prices, the cart and new orders are in (null: the language's default). Orders already made keep theirs. */
export async function setCurrency(db: Database, userId: number, currency: Currency | null, now: number): Promise<UserInfo> {
  await users.updateUser(db, userId, { currency }, now);
  return getUserInfo(db, userId);
}

/** Changes the password; every other session of the user ends (DESIGN §5). */
export async function modifyPassword(db: Database, session: AuthSession, input: { oldPassword: string; newPassword: string }, now: number) {
  const u = await requireUser(db, session.userId);
  if (!(await verifyPassword(u.password_hash, input.oldPassword))) throw new AppError(serverErrors.oldPasswordIncorrect, 'oldPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    await users.updateUser(tx, u.id, { password_hash: passwordHash }, now);
    await revokeAllSessions(tx, u.id, now, session.sessionId);
  });
  return { ok: true as const };
}

/**
 * Binds a phone number or email address proven with a code sent to it. The code is checked
 * before anything is said about who has the address, and attempts are limited per user.
 */
export async function bindContact(db: Database, userId: number, kind: 'tel' | 'email', rawValue: string, code: string, now: number): Promise<UserInfo> {
  const value = kind === 'email' ? rawValue.toLowerCase() : rawValue;
  await enforce(db, now, LIMITS.contactBindPerUser(userId));
  const codeId = await verifyCode(db, { target: value, purpose: 'bind', code }, now);
  const owner = await users.findUserByAccount(db, kind, value);
  if (owner) throw new AppError(owner.id === userId || kind === 'email' ? serverErrors.accountRegistered : serverErrors.numberExists, kind);
  await db.transaction().execute(async (tx) => {
    await consumeVerifiedCode(tx, codeId, now);
    await users.updateUser(tx, userId, kind === 'tel' ? { tel: value } : { email: value }, now);
  });
  return getUserInfo(db, userId);
}

/** Unbinds the phone or email with a code sent to it; an account keeps at least one way to sign in. */
export async function unbindContact(db: Database, userId: number, kind: 'tel' | 'email', code: string, now: number): Promise<UserInfo> {
  const u = await requireUser(db, userId);
  const current = kind === 'tel' ? u.tel : u.email;
  if (!current) throw new AppError(kind === 'tel' ? serverErrors.telNotBound : serverErrors.accountNotFound, kind);
  const other = kind === 'tel' ? u.email : u.tel;
  if (!other) throw new AppError(serverErrors.noRightToOperate, kind);
  await enforce(db, now, LIMITS.contactBindPerUser(userId));
  const codeId = await verifyCode(db, { target: current, purpose: 'unbind', code }, now);
  await db.transaction().execute(async (tx) => {
    await consumeVerifiedCode(tx, codeId, now);
    await users.updateUser(tx, userId, kind === 'tel' ? { tel: null } : { email: null }, now);
  });
  return getUserInfo(db, userId);
}

/** Turns a regular account into a reseller account when the account allows it; every session ends, so the user signs in again. */
export async function createResellerAccount(db: Database, userId: number, now: number) {
  const u = await requireUser(db, userId);
  if (!u.can_create_reseller || u.role === Role.foreignReseller) throw new AppError(serverErrors.cannotCreateReseller);
  const role = isResellerRole(u.role) ? u.role : Role.reseller;
  await db.transaction().execute(async (tx) => {
    await users.updateUser(tx, userId, { role }, now);
    await revokeAllSessions(tx, userId, now);
  });
  return { role, reloginRequired: true as const };
}

/** A reseller continues as a regular customer: the reseller session ends and a regular one starts. */
export async function switchToRegular(db: Database, config: Config, session: AuthSession, now: number): Promise<LoginResponse> {
  const u = await requireUser(db, session.userId);
  await revokeSession(db, session.sessionId, now);
  return startSession(db, config, u, 'regular', now);
}
