import { checkEidOrIccid, serverErrors, type JtResult } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { CarrierProvider, JtLine } from '../../providers/carrier.ts';
import * as supsims from './supsim.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof supsims.findOwn>>>;

function requireJt(carrier: CarrierProvider | null): CarrierProvider {
  if (!carrier) throw new AppError(serverErrors.serviceClosed);
  return carrier;
}

const toSupsim = (r: Row) => ({ id: r.id, iccid: r.iccid, remark: r.remark, boundAt: r.created_at });

function toJtResult(number: string, line: JtLine): JtResult {
  const kind = checkEidOrIccid(number);
  return { boundNumber: number, boundKind: kind.ok ? kind.kind : 'iccid', msisdn: line.msisdn, expiryDate: line.expiryDate, hplmn: line.hplmn };
}

/** The JT query (SPEC §3 SuperSIM JT result) by EID or ICCID. */
export async function jtQuery(carrier: CarrierProvider | null, number: string): Promise<JtResult> {
  const line = await requireJt(carrier).jtQuery(number);
  if (!line) throw new AppError(serverErrors.noSearchResults, 'number');
  return toJtResult(number, line);
}

export async function bindSupsim(db: Executor, carrier: CarrierProvider | null, userId: number, input: { iccid: string; remark: string }, now: number) {
  if (await supsims.findByIccid(db, input.iccid)) throw new AppError(serverErrors.numberExists, 'iccid');
  if (!(await requireJt(carrier).jtQuery(input.iccid))) throw new AppError(serverErrors.carrierNotSupported, 'iccid');
  const id = await supsims.insert(db, { userId, iccid: input.iccid, remark: input.remark, now });
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
  return { ...toSupsim(row), jt: await jtQuery(carrier, row.iccid) };
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
