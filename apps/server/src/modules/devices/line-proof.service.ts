import { maskMsisdn, serverErrors, type LineCodeResponse } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { countCodeSent } from '../../http/metrics.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { consumeVerifiedCode, createCode, verifyCode } from '../accounts/verification-code.service.ts';
import { enforce, LIMITS } from '../security/rate-limit.service.ts';
import { spendSms } from '../sms/sms-budget.service.ts';

/**
 * Proof that the caller holds a SIM before it is bound to their account: a code the
 * carrier texts to the line (only the card's holder reads it), or the card's PUK, which the
 * carrier keeps and the card holder has printed on it. Devices and SuperSIMs share it.
 */
export type LineKind = 'sim' | 'supsim';

export interface LineCaller {
  kind: LineKind;
  userId: number;
  ip: string;
}

/** A code proves the line to the one who asked for it only. */
const codeTarget = (caller: LineCaller, iccid: string) => `${caller.kind}:${iccid}:user:${caller.userId}`;

const smsText = (code: string) =>
  `【SimShop】${code} 是将此卡绑定到 SimShop 账号的验证码，10分钟内有效，请勿告诉任何人。/ SimShop: ${code} is the code to link this SIM to a SimShop account (10 min). Never share it; if you did not ask for it, ignore this message.`;

/**
 * Texts a code to the line through the carrier; limited per line (no SMS bombing), user and
 * address, and counted against the shop's daily SMS budget with the code it stores: past the
 * budget neither is written.
 */
export async function sendLineCode(db: Database, carrier: CarrierProvider, caller: LineCaller, line: { iccid: string; msisdn: string }, now: number, smsBudget: number): Promise<LineCodeResponse> {
  await enforce(db, now, LIMITS.lineProofPerIp(caller.ip), LIMITS.lineCodePerUser(caller.userId), LIMITS.lineCodePerLine(line.iccid));
  const issued = await db.transaction().execute(async (tx) => {
    const code = await createCode(tx, { channel: 'sms', target: codeTarget(caller, line.iccid), purpose: 'line' }, now);
    await spendSms(tx, smsBudget, now);
    return code;
  });
  try {
    await carrier.sendSms({ iccid: line.iccid, text: smsText(issued.code) });
  } catch {
    throw new AppError(serverErrors.sendFailed, 'iccid');
  }
  countCodeSent('sms', 'line');
  return { msisdn: maskMsisdn(line.msisdn), resendAfterSeconds: issued.resendAfterSeconds, expiresAt: issued.expiresAt };
}

/**
 * Checks the proof and returns what uses it up inside the binding's transaction (a code works
 * once). PUK guesses are limited per card, whoever makes them: 8 digits are too few otherwise.
 */
export async function proveLine(
  db: Database,
  carrier: CarrierProvider,
  caller: LineCaller,
  iccid: string,
  proof: { code?: string | undefined; puk?: string | undefined },
  now: number,
): Promise<(tx: Executor) => Promise<void>> {
  if (proof.code) {
    const codeId = await verifyCode(db, { target: codeTarget(caller, iccid), purpose: 'line', code: proof.code }, now);
    return (tx) => consumeVerifiedCode(tx, codeId, now);
  }
  if (proof.puk) {
    await enforce(db, now, LIMITS.lineProofPerIp(caller.ip), LIMITS.pukPerUser(caller.userId), LIMITS.pukPerLine(iccid));
    if (!(await carrier.checkPuk(iccid, proof.puk))) throw new AppError(serverErrors.pukIncorrect, 'puk');
    return async () => {};
  }
  throw new AppError(serverErrors.lineProofRequired, 'code');
}
