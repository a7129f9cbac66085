import { createHash, randomInt } from 'node:crypto';
import { ACCOUNT_LIMITS, serverErrors, type CodePurpose } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/outbox.ts';
import * as codes from './verification-code.repository.ts';

export type Channel = 'sms' | 'email';

const hashCode = (target: string, purpose: string, code: string) => createHash('sha256').update(`${purpose}:${target}:${code}`).digest('hex');

const SUBJECT: Record<CodePurpose, { en: string; zh: string }> = {
  register: { en: 'Your SimShop sign-up code', zh: 'SimShop 注册验证码' },
  login: { en: 'Your SimShop sign-in code', zh: 'SimShop 登录验证码' },
  bind: { en: 'Confirm your new SimShop contact', zh: 'SimShop 绑定验证码' },
  unbind: { en: 'Confirm unbinding from SimShop', zh: 'SimShop 解绑验证码' },
};

/**
 * Issues a 6-digit code for 10 minutes and queues its delivery in the same transaction. Only a
 * hash is stored. A new code for the same target and purpose replaces the previous one.
 */
export async function issueCode(db: Executor, input: { channel: Channel; target: string; purpose: CodePurpose }, now = Date.now()) {
  const previous = await codes.latestCode(db, input.target, input.purpose);
  const resendAt = previous ? previous.created_at + ACCOUNT_LIMITS.codeResendSeconds * 1000 : 0;
  if (resendAt > now) throw new AppError(serverErrors.tooFrequent, 'account', { retryAfterMs: resendAt - now });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + ACCOUNT_LIMITS.codeTtlMs;
  await codes.insertCode(db, { channel: input.channel, target: input.target, purpose: input.purpose, codeHash: hashCode(input.target, input.purpose, code), now, expiresAt });
  const subject = SUBJECT[input.purpose];
  const text = `${subject.zh} / ${subject.en}: ${code} (10 min)`;
  if (input.channel === 'email') await enqueue(db, 'mail.send', { to: input.target, subject: `${subject.en} / ${subject.zh}`, text }, now);
  else await enqueue(db, 'sms.send', { to: input.target, text }, now);
  return { channel: input.channel, resendAfterSeconds: ACCOUNT_LIMITS.codeResendSeconds, expiresAt };
}

/**
 * Checks a code and returns its id for `consumeVerifiedCode`. A wrong guess is counted at once,
 * outside the caller's transaction, so a failing request cannot roll the count back; the fifth
 * wrong guess voids the code.
 */
export async function verifyCode(db: Database, input: { target: string; purpose: CodePurpose; code: string }, now = Date.now()): Promise<number> {
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
