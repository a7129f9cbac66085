import { checkEidOrIccid, maskMsisdn, serverErrors, type JtResult } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider, JtLine } from '../../providers/carrier.ts';
import { proveLine, sendLineCode } from '../devices/line-proof.service.ts';
import * as supsims from './supsim.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof supsims.findOwn>>>;

function requireJt(carrier: CarrierProvider | null): CarrierProvider {
  if (!carrier) throw new AppError(serverErrors.serviceClosed);
  return carrier;
}

const toSupsim = (r: Row) => ({ id: r.id, iccid: r.iccid, remark: r.remark, boundAt: r.created_at });

/** The number is shown in full only for a card the caller follows (and so has proven). */
function toJtResult(number: string, line: JtLine, own: boolean): JtResult {
  const kind = checkEidOrIccid(number);
  return { boundNumber: number, boundKind: kind.ok ? kind.kind : 'iccid', msisdn: own ? line.msisdn : maskMsisdn(line.msisdn), expiryDate: line.expiryDate, hplmn: line.hplmn };
}

async function requireLine(carrier: CarrierProvider | null, number: string): Promise<JtLine> {
  const line = await requireJt(carrier).jtQuery(number);
  if (!line) throw new AppError(serverErrors.noSearchResults, 'number');
  return line;
}

/** The JT query (SPEC §3 SuperSIM JT result) by EID or ICCID; another's card shows a masked number. */
export async function jtQuery(db: Executor, carrier: CarrierProvider | null, userId: number, number: string): Promise<JtResult> {
  const line = await requireLine(carrier, number);
  return toJtResult(number, line, !!(await supsims.findOwnByIccid(db, userId, line.iccid)));
}

/** The SuperSIM line the caller may try to bind: not theirs already, known to JT. */
async function bindableLine(db: Executor, carrier: CarrierProvider, userId: number, iccid: string) {
  if ((await supsims.findByIccid(db, iccid))?.user_id === userId) throw new AppError(serverErrors.numberExists, 'iccid');
  const line = await carrier.jtQuery(iccid);
  if (!line) throw new AppError(serverErrors.carrierNotSupported, 'iccid');
  return line;
}

/** Texts the code that proves the SuperSIM is the caller's to its line. */
export async function sendBindCode(db: Database, carrierProvider: CarrierProvider | null, caller: { userId: number; ip: string }, iccid: string, now: number, smsBudget: number) {
  const carrier = requireJt(carrierProvider);
  const line = await bindableLine(db, carrier, caller.userId, iccid);
  return sendLineCode(db, carrier, { kind: 'supsim', ...caller }, line, now, smsBudget);
}

/**
 * Binds a SuperSIM with proof the caller holds it: its binder sees the number and
 * changes the card's home network at JT. Proof moves it from whoever followed it before.
 */
export async function bindSupsim(
  db: Database,
  carrierProvider: CarrierProvider | null,
  caller: { userId: number; ip: string },
  input: { iccid: string; remark: string; code?: string | undefined; puk?: string | undefined },
  now: number,
) {
  const carrier = requireJt(carrierProvider);
  const { userId } = caller;
  const line = await bindableLine(db, carrier, userId, input.iccid);
  const useProof = await proveLine(db, carrier, { kind: 'supsim', ...caller }, input.iccid, input, now);
  let id: number;
  try {
    id = await db.transaction().execute(async (tx) => {
      await useProof(tx);
      await supsims.deleteByIccid(tx, input.iccid);
      return supsims.insert(tx, { userId, iccid: input.iccid, remark: input.remark, now });
    });
  } catch (err) {
    // Two holders proving the same card at once: the unique ICCID lets one in.
    if (!(err instanceof AppError) && (await supsims.findByIccid(db, line.iccid))) throw new AppError(serverErrors.numberExists, 'iccid');
    throw err;
  }
  return toSupsim((await supsims.findOwn(db, userId, id))!);
}

export async function listSupsims(db: Executor, userId: number) {
  return { items: (await supsims.listOwn(db, userId)).map(toSupsim) };
}

async function requireOwn(db: Executor, userId: number, id: number) {
  const row = await supsims.findOwn(db, userId, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function supsimDetail(db: Executor, carrier: CarrierProvider | null, userId: number, id: number) {
  const row = await requireOwn(db, userId, id);
  return { ...toSupsim(row), jt: toJtResult(row.iccid, await requireLine(carrier, row.iccid), true) };
}

export async function unbindSupsim(db: Executor, userId: number, id: number) {
  await requireOwn(db, userId, id);
  await supsims.deleteOwn(db, userId, id);
  return { ok: true as const };
}

export async function setHplmn(db: Executor, carrier: CarrierProvider | null, userId: number, input: { id: number; mcc: string; mnc: string }) {
  const row = await requireOwn(db, userId, input.id);
  await requireJt(carrier).setHplmn(row.iccid, { mcc: input.mcc, mnc: input.mnc });
  return supsimDetail(db, carrier, userId, input.id);
}
