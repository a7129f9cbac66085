import { createHash, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS, serverErrors, type CodePurpose } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { deleteInBatches } from '../../db/batched-delete.ts';
import { countCodeSent } from '../../http/metrics.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { assertSmsBudgetLeft, spendSms } from '../sms/sms-budget.service.ts';
import type { StoredPurpose } from './accounts.table.ts';
import * as codes from './verification-code.repository.ts';

export type Channel = 'sms' | 'email';

/**
 * What reaches the address: the code; a notice instead (someone asked for a sign-up or binding
 * code for an address that already has an account: its owner is told, the asker learns nothing);
 * or nothing (a sign-in code for an address with no account). The answer to the asker is the
 * same in all three cases (account enumeration).
 */
export type Delivery = 'code' | 'notice' | 'none';

const hashCode = (target: string, purpose: string, code: string) => createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');

const SUBJECT: Record<CodePurpose, { en: string; zh: string }> = {
  register: { en: 'Your SimShop sign-up code', zh: 'SimShop 注册验证码' },
  login: { en: 'Your SimShop sign-in code', zh: 'SimShop 登录验证码' },
  bind: { en: 'Confirm your new SimShop contact', zh: 'SimShop 绑定验证码' },
  unbind: { en: 'Confirm unbinding from SimShop', zh: 'SimShop 解绑验证码' },
  reset: { en: 'Your SimShop password reset code', zh: 'SimShop 重置密码验证码' },
};

const NOTICE: Partial<Record<CodePurpose, { subject: { en: string; zh: string }; en: string; zh: string }>> = {
  register: {
    subject: { en: 'You already have a SimShop account', zh: '您已有 SimShop 账号' },
    en: 'Someone asked to sign up to SimShop with this address, which already has an account. Sign in instead (with a code if you forgot your password). If it was not you, ignore this message.',
    zh: '有人尝试用此地址注册 SimShop，但该地址已有账号。请直接登录（忘记密码可用验证码登录）。如非本人操作，请忽略本消息。',
  },
  bind: {
    subject: { en: 'Your SimShop contact stays yours', zh: '您的 SimShop 联系方式未变' },
    en: 'Someone asked to link this address to a SimShop account, but it already belongs to one. Nothing was changed. If it was not you, ignore this message.',
    zh: '有人尝试将此地址绑定到 SimShop 账号，但它已属于某个账号，未做任何更改。如非本人操作，请忽略本消息。',
  },
};

/**
 * Stores a new 6-digit code for 10 minutes and returns it (only its hash is kept). A new code for
 * the same target and purpose replaces the previous one, no sooner than the resend countdown.
 */
export async function createCode(db: Executor, input: { channel: Channel; target: string; purpose: StoredPurpose }, now = Date.now()) {
  const previous = await codes.latestCode(db, input.target, input.purpose);
  const resendAt = previous ? previous.created_at + ACCOUNT_LIMITS.codeResendSeconds * 1000 : 0;
  if (resendAt > now) throw new AppError(serverErrors.tooFrequent, 'account', { retryAfterMs: resendAt - now });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + ACCOUNT_LIMITS.codeTtlMs;
  await codes.insertCode(db, { channel: input.channel, target: input.target, purpose: input.purpose, codeHash: hashCode(input.target, input.purpose, code), now, expiresAt });
  return { code, expiresAt, resendAfterSeconds: ACCOUNT_LIMITS.codeResendSeconds };
}

/**
 * Issues a code and queues its delivery (or the notice, or nothing) in the same transaction.
 * A code is stored in every case, so the resend countdown answers alike too. A text counts
 * against the shop's daily SMS budget (`smsBudget`); once it is spent every SMS code request is
 * refused, whether or not a text would go out, so the answer still tells nothing about accounts.
 */
export async function issueCode(db: Executor, input: { channel: Channel; target: string; purpose: CodePurpose; deliver?: Delivery; smsBudget: number }, now = Date.now()) {
  const deliver = input.deliver ?? 'code';
  const texts = input.channel === 'sms' && (deliver === 'code' || (deliver === 'notice' && NOTICE[input.purpose] !== undefined));
  const { code, expiresAt, resendAfterSeconds } = await createCode(db, input, now);
  // Last before the message is queued: the day's budget row stays locked the least time.
  if (texts) await spendSms(db, input.smsBudget, now);
  else if (input.channel === 'sms') await assertSmsBudgetLeft(db, input.smsBudget, now);
  const notice = NOTICE[input.purpose];
  let message: { subject: string; text: string } | null = null;
  if (deliver === 'code') {
    const subject = SUBJECT[input.purpose];
    message = { subject: `${subject.en} / ${subject.zh}`, text: `${subject.zh} / ${subject.en}: ${code} (10 min)` };
  } else if (deliver === 'notice' && notice) {
    message = { subject: `${notice.subject.en} / ${notice.subject.zh}`, text: `${notice.zh}\n${notice.en}` };
  }
  if (message && input.channel === 'email') await enqueue(db, 'mail.send', { to: input.target, subject: message.subject, text: message.text }, now);
  else if (message) await enqueue(db, 'sms.send', { to: input.target, text: message.text }, now);
  // Counted once queued: the caller's transaction failing at its commit would leave the count moved.
  if (deliver === 'code') countCodeSent(input.channel, input.purpose);
  return { channel: input.channel, resendAfterSeconds, expiresAt };
}

/**
 * Checks a code and returns its id for `consumeVerifiedCode`. A wrong guess is counted at once,
 * outside the caller's transaction, so a failing request cannot roll the count back; the fifth
 * wrong guess voids the code.
 */
export async function verifyCode(db: Database, input: { target: string; purpose: StoredPurpose; code: string }, now = Date.now()): Promise<number> {
  const row = await codes.latestCode(db, input.target, input.purpose);
  const usable = row && row.consumed_at === null && row.expires_at > now && row.attempts < ACCOUNT_LIMITS.codeMaxAttempts;
  if (!row || !usable) throw new AppError(serverErrors.verificationCodeIncorrect, 'code');
  if (row.code_hash !== hashCode(input.target, input.purpose, input.code)) {
    await codes.countWrongAttempt(db, row.id);
    throw new AppError(serverErrors.verificationCodeIncorrect, 'code');
  }
  return row.id;
}

/** Uses the code up inside the caller's transaction; a code works once even under concurrent requests. */
export async function consumeVerifiedCode(tx: Executor, codeId: number, now = Date.now()): Promise<void> {
  if (!(await codes.consumeCode(tx, codeId, now))) throw new AppError(serverErrors.verificationCodeIncorrect, 'code');
}

/** Deletes codes that expired before `before`, a batch at a time. */
export const pruneVerificationCodes = (db: Executor, before: number): Promise<number> => deleteInBatches((limit) => codes.deleteExpiredCodes(db, before, limit));
