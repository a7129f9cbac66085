import { serverErrors } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import * as limits from './rate-limit.repository.ts';

export interface Limit {
  /** What is limited and for whom, e.g. `login:acct:a@b.c` or `code:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowMs: number;
}

/** The shop's limits (DESIGN §5): per account and per IP, on sign-in and on sending codes. */
export const LIMITS = {
  // Wrong passwords count per account and address, so a stranger's guesses lock only the
  // stranger out; a looser bound per account stops a guesser spread over many addresses, and
  // code sign-in (its own counters) stays open to the owner meanwhile (issue 10).
  loginPerAccountAndIp: (account: string, ip: string): Limit => ({ key: `login:acct-ip:${account.toLowerCase()}:${ip}`, max: 10, windowMs: 15 * 60_000 }),
  loginPerAccount: (account: string): Limit => ({ key: `login:acct:${account.toLowerCase()}`, max: 100, windowMs: 15 * 60_000 }),
  // Per-IP limits are generous: many customers share one address behind a carrier's NAT.
  loginPerIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 100, windowMs: 15 * 60_000 }),
  codeLoginPerAccount: (account: string): Limit => ({ key: `login-code:acct:${account.toLowerCase()}`, max: 20, windowMs: 15 * 60_000 }),
  codePerAccount: (account: string): Limit => ({ key: `code:acct:${account.toLowerCase()}`, max: 5, windowMs: 60 * 60_000 }),
  codePerIp: (ip: string): Limit => ({ key: `code:ip:${ip}`, max: 60, windowMs: 60 * 60_000 }),
  // Signed-in callers are limited per user too, whatever address they come from.
  codePerUser: (userId: number): Limit => ({ key: `code:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  contactBindPerUser: (userId: number): Limit => ({ key: `contact-bind:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  // Proving a SIM line is yours (devices, SuperSIM): SMS codes sent to a line and PUK guesses.
  lineCodePerLine: (iccid: string): Limit => ({ key: `line-code:iccid:${iccid}`, max: 5, windowMs: 60 * 60_000 }),
  lineCodePerUser: (userId: number): Limit => ({ key: `line-code:user:${userId}`, max: 10, windowMs: 60 * 60_000 }),
  pukPerLine: (iccid: string): Limit => ({ key: `puk:iccid:${iccid}`, max: 5, windowMs: 24 * 60 * 60_000 }),
  pukPerUser: (userId: number): Limit => ({ key: `puk:user:${userId}`, max: 10, windowMs: 24 * 60 * 60_000 }),
  lineProofPerIp: (ip: string): Limit => ({ key: `line:ip:${ip}`, max: 60, windowMs: 60 * 60_000 }),
  // Avatars: a per-user upload quota bounds what one account can store.
  avatarUploadsPerUser: (userId: number): Limit => ({ key: `avatar:user:${userId}`, max: 20, windowMs: 24 * 60 * 60_000 }),
  // Review pictures have their own quota, so writing reviews never uses up avatar changes (and
  // back): ten reviews' worth of six pictures a day.
  reviewPictureUploadsPerUser: (userId: number): Limit => ({ key: `review-picture:user:${userId}`, max: 60, windowMs: 24 * 60 * 60_000 }),
  challengePerIp: (ip: string): Limit => ({ key: `seed:ip:${ip}`, max: 60, windowMs: 10 * 60_000 }),
  // Staff sign-in: tight per account and address, so a guesser is stopped without locking the
  // real owner out from their own address for long; a looser per-account bound across addresses.
  staffLoginPerAccountAndIp: (account: string, ip: string): Limit => ({ key: `staff-login:acct-ip:${account.toLowerCase()}:${ip}`, max: 8, windowMs: 15 * 60_000 }),
  staffLoginPerAccount: (account: string): Limit => ({ key: `staff-login:acct:${account.toLowerCase()}`, max: 50, windowMs: 15 * 60_000 }),
  staffLoginPerIp: (ip: string): Limit => ({ key: `staff-login:ip:${ip}`, max: 60, windowMs: 15 * 60_000 }),
};

/** Counts the attempt and refuses with "operation too frequent" past any of the limits. */
export async function enforce(db: Executor, now: number, ...checks: Limit[]): Promise<void> {
  for (const check of checks) {
    const count = await limits.hit(db, check.key, now, check.windowMs);
    if (count > check.max) throw new AppError(serverErrors.tooFrequent, undefined, { retryAfterMs: check.windowMs - (now % check.windowMs) });
  }
}

/** A successful sign-in forgives the account's earlier failures. */
export async function reset(db: Executor, check: Limit): Promise<void> {
  await limits.clear(db, check.key);
}
