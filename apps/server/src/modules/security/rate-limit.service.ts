import { serverErrors } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import { AppError } from '../../lib/app-error.ts';
import * as limits from './rate-limit.repository.ts';

export interface Limit {
  /** What is limited and for whom, e.g. `login:acct:a@b.c` or `code:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Per-address limits are multiplied by the IP_LIMIT_SCALE setting, read once when the server
 * builds (one process, one configuration): a shop whose customers share few addresses raises
 * them all together, while the per-account limits that stop a guesser stay as they are.
 */
let ipScale = 1;
export function scalePerIpLimits(scale: number): void {
  ipScale = scale;
}
/** A limit per client address, scaled by IP_LIMIT_SCALE. */
export const perIp = (key: string, max: number, windowMs: number): Limit => ({ key, max: max * ipScale, windowMs });

/** The shop's limits (DESIGN §5): per account and per IP, on sign-in and on sending codes. */
export const LIMITS = {
  // Wrong passwords count per account and address, so a stranger's guesses lock only the
  // stranger out; a looser bound per account stops a guesser spread over many addresses, and
  // code sign-in (its own counters) stays open to the owner meanwhile.
  loginPerAccountAndIp: (account: string, ip: string): Limit => ({ key: `login:acct-ip:${account.toLowerCase()}:${ip}`, max: 10, windowMs: 15 * 60_000 }),
  loginPerAccount: (account: string): Limit => ({ key: `login:acct:${account.toLowerCase()}`, max: 100, windowMs: 15 * 60_000 }),
  // Per-IP limits are generous: many customers share one address behind a carrier's NAT.
  loginPerIp: (ip: string): Limit => perIp(`login:ip:${ip}`, 100, 15 * 60_000),
  codeLoginPerAccount: (account: string): Limit => ({ key: `login-code:acct:${account.toLowerCase()}`, max: 20, windowMs: 15 * 60_000 }),
  codePerAccount: (account: string): Limit => ({ key: `code:acct:${account.toLowerCase()}`, max: 5, windowMs: 60 * 60_000 }),
  codePerIp: (ip: string): Limit => perIp(`code:ip:${ip}`, 60, 60 * 60_000),
  // Signed-in callers are limited per user too, whatever address they come from.
  codePerUser: (userId: number): Limit => ({ key: `code:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  contactBindPerUser: (userId: number): Limit => ({ key: `contact-bind:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  // Proving a SIM line is yours (devices, SuperSIM): SMS codes sent to a line and PUK guesses.
  lineCodePerLine: (iccid: string): Limit => ({ key: `line-code:iccid:${iccid}`, max: 5, windowMs: 60 * 60_000 }),
  lineCodePerUser: (userId: number): Limit => ({ key: `line-code:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  pukPerLine: (iccid: string): Limit => ({ key: `puk:iccid:${iccid}`, max: 5, windowMs: 24 * 60 * 60_000 }),
  pukPerUser: (userId: number): Limit => ({ key: `puk:user:${userId}`, max: 10, windowMs: 24 * 60 * 60_000 }),
  lineProofPerIp: (ip: string): Limit => perIp(`line:ip:${ip}`, 60, 60 * 60_000),
  // Avatars: a per-user upload quota bounds what one account can store.
  avatarUploadsPerUser: (userId: number): Limit => ({ key: `avatar:user:${userId}`, max: 20, windowMs: 24 * 60 * 60_000 }),
  // Review pictures have their own quota, so writing reviews never uses up avatar changes (and
  // back): ten reviews' worth of six pictures a day.
  reviewPictureUploadsPerUser: (userId: number): Limit => ({ key: `review-picture:user:${userId}`, max: 60, windowMs: 24 * 60 * 60_000 }),
  challengePerIp: (ip: string): Limit => perIp(`seed:ip:${ip}`, 60, 10 * 60_000),
  // WeChat: each start and each code costs an outbound call to WeChat, so they are limited per
  // address before the call; a new account costs a proof of work as well, and links per account.
  wechatStartPerIp: (ip: string): Limit => perIp(`wechat-start:ip:${ip}`, 30, 10 * 60_000),
  wechatLoginPerIp: (ip: string): Limit => perIp(`wechat-login:ip:${ip}`, 30, 10 * 60_000),
  wechatLoginPerOpenid: (openid: string): Limit => ({ key: `wechat-login:openid:${openid}`, max: 10, windowMs: 10 * 60_000 }),
  wechatCreatePerIp: (ip: string): Limit => perIp(`wechat-create:ip:${ip}`, 10, 60 * 60_000),
  wechatLinkPerIp: (ip: string): Limit => perIp(`wechat-link:ip:${ip}`, 20, 60 * 60_000),
  wechatLinkPerUser: (userId: number): Limit => ({ key: `wechat-link:user:${userId}`, max: 5, windowMs: 60 * 60_000 }),
  wechatJsConfigPerIp: (ip: string): Limit => perIp(`wechat-js:ip:${ip}`, 120, 10 * 60_000),
  // Staff sign-in: tight per account and address, so a guesser is stopped without locking the
  // real owner out from their own address for long. Across addresses an account is not locked
  // but slowed down (staffLoginDelay), and a device the member signed in from before is not.
  staffLoginPerAccountAndIp: (account: string, ip: string): Limit => ({ key: `staff-login:acct-ip:${account.toLowerCase()}:${ip}`, max: 8, windowMs: 15 * 60_000 }),
  staffLoginPerIp: (ip: string): Limit => perIp(`staff-login:ip:${ip}`, 60, 15 * 60_000),
  // A known device has its own bound, so a stolen device cookie is no licence to guess.
  staffLoginPerDevice: (deviceHash: string): Limit => ({ key: `staff-login:device:${deviceHash}`, max: 10, windowMs: 15 * 60_000 }),
};

/** Counts the attempt and refuses with "operation too frequent" past any of the limits. */
export async function enforce(db: Executor, now: number, ...checks: Limit[]): Promise<void> {
  for (const check of checks) {
    const { count, windowStart } = await limits.hit(db, check.key, now, check.windowMs);
    if (count > check.max) throw new AppError(serverErrors.tooFrequent, undefined, { retryAfterMs: windowStart + check.windowMs - now });
  }
}

/** Counts the attempt without refusing: the count after it and when its window began, for a caller that says what is left (RateLimit-* headers). */
export const count = (db: Executor, check: Limit, now: number) => limits.hit(db, check.key, now, check.windowMs);

/** A successful sign-in forgives the account's earlier failures. */
export async function reset(db: Executor, check: Limit): Promise<void> {
  await limits.clear(db, check.key);
}

/** Wrong staff sign-ins to one account (from unknown devices) that cost no wait. */
const STAFF_FREE_FAILURES = 5;
const STAFF_MAX_DELAY_MS = 15 * 60_000;
const STAFF_FORGET_MS = 24 * 3_600_000;

/** The wait after `failures` wrong sign-ins: none for the first few, then 1 s doubling up to 15 min. */
export function staffDelayMs(failures: number): number {
  if (failures < STAFF_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - STAFF_FREE_FAILURES), STAFF_MAX_DELAY_MS);
}

/**
 * An attempt to sign in to a staff account from an unknown device. Wrong passwords from anywhere
 * slow the account down (growing delays, never a lock): refuses with "too frequent" and the wait
 * while the account is slowed, and lets one attempt through when the wait is over.
 */
export async function enforceStaffDelay(db: Executor, account: string, now: number): Promise<void> {
  const key = account.toLowerCase();
  const row = await limits.findStaffThrottle(db, key);
  if (!row || row.last_failure_at < now - STAFF_FORGET_MS || row.failures < STAFF_FREE_FAILURES) return;
  if (await limits.claimStaffAttempt(db, key, now, now + staffDelayMs(row.failures))) return;
  const latest = await limits.findStaffThrottle(db, key);
  throw new AppError(serverErrors.tooFrequent, undefined, { retryAfterMs: Math.max(1, (latest?.next_attempt_at ?? now) - now) });
}

/** Counts a wrong sign-in to a staff account from an unknown device. */
export async function countStaffFailure(db: Executor, account: string, now: number): Promise<number> {
  return limits.addStaffFailure(db, account.toLowerCase(), now, now - STAFF_FORGET_MS, staffDelayMs);
}

/** The right password from an unknown device ends the account's slow-down. */
export async function forgiveStaffFailures(db: Executor, account: string): Promise<void> {
  await limits.clearStaffThrottle(db, account.toLowerCase());
}

/** Deletes rate-limit windows that began before `before`, a batch at a time. */
export const pruneRateLimitWindows = (db: Executor, before: number): Promise<number> => deleteInBatches((limit) => limits.deleteOldWindows(db, before, limit));
