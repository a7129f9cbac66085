import { checkIccid, serverErrors, type Language } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick, pickText, type Bilingual } from '../../lib/i18n.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import * as devices from './device.repository.ts';
import { proveLine, sendLineCode } from './line-proof.service.ts';

type DeviceRow = NonNullable<Awaited<ReturnType<typeof devices.findOwn>>>;

function requireCarrier(carrier: CarrierProvider | null): CarrierProvider {
  if (!carrier) throw new AppError(serverErrors.serviceClosed);
  return carrier;
}

async function toDevice(carrier: CarrierProvider, d: DeviceRow) {
  const line = await carrier.lookup(d.iccid);
  return { id: d.id, iccid: d.iccid, msisdn: line?.msisdn ?? d.msisdn, carrier: d.carrier, remark: d.remark, status: line?.status ?? ('inactive' as const), plan: line?.plan ?? '', boundAt: d.created_at };
}

/** The line behind an ICCID the caller may try to bind: not theirs already, known to the carrier. */
async function bindableLine(db: Executor, carrier: CarrierProvider, userId: number, iccid: string) {
  if (!checkIccid(iccid).ok) throw new AppError(serverErrors.paramInvalid, 'iccid');
  const owner = await devices.findByIccid(db, iccid);
  if (owner?.user_id === userId) throw new AppError(serverErrors.numberExists, 'iccid');
  const line = await carrier.lookup(iccid);
  if (!line) throw new AppError(serverErrors.carrierNotSupported, 'iccid');
  return line;
}

/** Texts the code that proves the SIM is the caller's to its line. */
export async function sendBindCode(db: Database, carrierProvider: CarrierProvider | null, caller: { userId: number; ip: string }, iccid: string, now: number, smsBudget: number) {
  const carrier = requireCarrier(carrierProvider);
  const line = await bindableLine(db, carrier, caller.userId, iccid);
  return sendLineCode(db, carrier, { kind: 'sim', ...caller }, line, now, smsBudget);
}

/**
 * Binds a SIM the carrier knows, with proof the caller holds it. A SIM is followed by
 * one account at a time: proof moves it from whoever followed it, so the real holder reclaims it.
 */
export async function bindDevice(
  db: Database,
  carrierProvider: CarrierProvider | null,
  caller: { userId: number; ip: string },
  input: { iccid: string; remark: string; code?: string | undefined; puk?: string | undefined },
  now: number,
) {
  const carrier = requireCarrier(carrierProvider);
  const { userId } = caller;
  const line = await bindableLine(db, carrier, userId, input.iccid);
  const useProof = await proveLine(db, carrier, { kind: 'sim', ...caller }, line.iccid, input, now);
  let id: number;
  try {
    id = await db.transaction().execute(async (tx) => {
      await useProof(tx);
      await devices.deleteByIccid(tx, line.iccid);
      return devices.insertDevice(tx, { userId, iccid: line.iccid, msisdn: line.msisdn, carrier: line.carrier, remark: input.remark, now });
    });
  } catch (err) {
    // Two holders proving the same line at once: the unique ICCID lets one in.
    if (!(err instanceof AppError) && (await devices.findByIccid(db, line.iccid))) throw new AppError(serverErrors.numberExists, 'iccid');
    throw err;
  }
  return toDevice(carrier, (await devices.findOwn(db, userId, id))!);
}

export async function listDevices(db: Executor, carrierProvider: CarrierProvider | null, userId: number) {
  const carrier = requireCarrier(carrierProvider);
  return { items: await Promise.all((await devices.listOwn(db, userId)).map((d) => toDevice(carrier, d))) };
}

async function requireDevice(db: Executor, userId: number, id: number) {
  const d = await devices.findOwn(db, userId, id);
  if (!d) throw new AppError(serverErrors.notFound, 'id');
  return d;
}

export async function deviceVolume(db: Executor, carrierProvider: CarrierProvider | null, userId: number, id: number) {
  const carrier = requireCarrier(carrierProvider);
  const d = await requireDevice(db, userId, id);
  const v = await carrier.volume(d.iccid);
  return { totalMb: v.totalMb, usedMb: v.usedMb, leftMb: Math.max(0, v.totalMb - v.usedMb), expiresAt: v.expiresAt };
}

/** Device detail (device-cu / device-cm pages): the line, its volume and a diagnosis. */
export async function deviceDetail(db: Executor, carrierProvider: CarrierProvider | null, userId: number, id: number) {
  const carrier = requireCarrier(carrierProvider);
  const d = await requireDevice(db, userId, id);
  const checks = await carrier.diagnose(d.iccid);
  return { ...(await toDevice(carrier, d)), volume: await deviceVolume(db, carrier, userId, id), diagnose: { ok: checks.every((c) => c.ok), checks } };
}

export async function unbindDevice(db: Executor, userId: number, id: number) {
  await requireDevice(db, userId, id);
  await devices.deleteOwn(db, userId, id);
  return { ok: true as const };
}

export async function roamingUsage(db: Executor, carrierProvider: CarrierProvider | null, userId: number, id: number) {
  const carrier = requireCarrier(carrierProvider);
  const d = await requireDevice(db, userId, id);
  return { items: await carrier.roaming(d.iccid) };
}

/** Refuses a recharge number (phone or ICCID) the carrier does not serve, before an order for it is taken. */
export async function requireRechargeableNumber(carrierProvider: CarrierProvider | null, number: string, field: string): Promise<void> {
  const carrier = requireCarrier(carrierProvider);
  if (!(await carrier.lookup(number))) throw new AppError(serverErrors.rechargeNumberUnknown, field);
}

/** The caller's recharge records, all or of one device (its ICCID and number). */
export async function listRecharges(db: Executor, userId: number, input: { deviceId?: number | undefined; page: number; size: number }, lang: Language) {
  let numbers: string[] | null = null;
  if (input.deviceId !== undefined) {
    const d = await requireDevice(db, userId, input.deviceId);
    numbers = [d.iccid, ...(d.msisdn ? [d.msisdn] : [])];
  }
  const rows = await devices.rechargesOf(db, userId, numbers, (input.page - 1) * input.size, input.size);
  return {
    items: rows.map((r) => ({ id: r.id, number: r.number, packageName: pick(lang, r.package_en, r.package_zh), volumeMb: r.volume_mb, status: r.status, orderNo: r.order_no, createdAt: r.created_at })),
    total: await devices.countRecharges(db, userId, numbers),
  };
}

type OrderItemRef = { id: number; kind: string; sku_id: number; quantity: number; inputs: string; name_en: string; name_zh: string; options: string };

/**
 * Carries out the recharge items of a paid order through the carrier, one unit at a time, each
 * recorded under a unique key and sent with a stable reference, so a retry never recharges
 * twice. Returns how many units are still to do.
 */
export async function fulfilRecharges(db: Executor, carrierProvider: CarrierProvider | null, order: { id: number; user_id: number; order_no: string }, items: readonly OrderItemRef[], now: number): Promise<number> {
  const pending = items.filter((i) => i.kind === 'recharge');
  if (pending.length === 0) return 0;
  const carrier = requireCarrier(carrierProvider);
  const volumes = await devices.skuVolumes(db, pending.map((i) => i.sku_id));
  for (const item of pending) {
    const done = new Set((await devices.rechargedUnits(db, item.id)).map((u) => u.unit_index));
    const number = parseJson<Record<string, string>>(item.inputs, {}).rechargeNumber ?? '';
    const volumeMb = volumes.find((v) => v.id === item.sku_id)?.recharge_mb ?? 0;
    const option = parseJson<Bilingual[]>(item.options, []).map((o) => pickText('en', o)).join(' ');
    const optionZh = parseJson<Bilingual[]>(item.options, []).map((o) => pickText('zh-Hans', o)).join(' ');
    for (let unit = 0; unit < item.quantity; unit++) {
      if (done.has(unit)) continue;
      const known = await carrier.lookup(number);
      const base = { user_id: order.user_id, order_id: order.id, order_item_id: item.id, unit_index: unit, number, package_en: `${item.name_en} ${option}`.trim(), package_zh: `${item.name_zh} ${optionZh}`.trim(), volume_mb: volumeMb, created_at: now };
      if (!known) {
        // A number no carrier knows will not start working on a retry: recorded as failed, for a refund.
        await devices.insertRecharge(db, { ...base, status: 'failed', carrier_ref: null });
        continue;
      }
      const { carrierRef } = await carrier.recharge({ number, volumeMb, reference: `${order.order_no}-${item.id}-${unit}` });
      await devices.insertRecharge(db, { ...base, status: 'succeeded', carrier_ref: carrierRef });
    }
  }
  return 0;
}

/** Recharge units not yet recorded as succeeded. */
export async function unrechargedUnits(db: Executor, items: ReadonlyArray<{ id: number; kind: string; quantity: number }>): Promise<number> {
  let missing = 0;
  for (const item of items.filter((i) => i.kind === 'recharge')) {
    missing += item.quantity - (await devices.rechargedUnits(db, item.id)).filter((u) => u.status === 'succeeded').length;
  }
  return missing;
}

/** The SIM cards a customer follows, as stored (the console does not ask the carrier); a customer has few. */
export async function customerDevices(db: Executor, userId: number, page: { page: number; pageSize: number }) {
  const rows = await devices.listOwn(db, userId);
  return { total: rows.length, items: rows.slice((page.page - 1) * page.pageSize, page.page * page.pageSize).map((d) => ({ id: d.id, iccid: d.iccid, msisdn: d.msisdn, carrier: d.carrier, remark: d.remark, boundAt: d.created_at })) };
}

/** The devices bound to an account, as stored (its data export). */
export function devicesOf(db: Executor, userId: number) {
  return devices.listOwn(db, userId);
}

/** Unbinds every device of an account being deleted: the lines can be bound by someone else. */
export async function unbindAllDevices(tx: Executor, userId: number): Promise<void> {
  await devices.deleteAllOwn(tx, userId);
}
