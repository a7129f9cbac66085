import type { Currency, Esim, EsimSummary, Language } from '@simshop/contract';
import QRCode from 'qrcode';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { addonOffers } from '../esim/esim-addon.service.ts';
import { esimDetail, esimsBefore, requireOwnEsimByIccid } from '../esim/esim.service.ts';
import { requireOwnOrder } from '../orders/order-views.service.ts';

/**
 * The reseller API's eSIM reads: the reseller's eSIMs a page at a time, one by its ICCID (as the
 * shop's eSIM page shows it: state, install log, usage asked of the network) and its QR as a PNG.
 * Another reseller's ICCID or order is not found.
 */

/** A page of `limit` read as `limit + 1` rows: the extra one only says whether another page follows. */
export async function esimPage(db: Database, caller: ApiCaller, query: { cursor?: string | undefined; limit: number; order?: string | undefined }, lang: Language): Promise<{ items: EsimSummary[]; nextCursor: string | null }> {
  const orderId = query.order === undefined ? undefined : (await requireOwnOrder(db, caller.userId, query.order)).id;
  const rows = await esimsBefore(db, caller.userId, { orderId, before: query.cursor === undefined ? undefined : Number(query.cursor) }, query.limit + 1, lang);
  const items = rows.slice(0, query.limit);
  return { items, nextCursor: rows.length > query.limit ? String(items[items.length - 1]!.id) : null };
}

export async function esimByIccid(db: Database, carrier: CarrierProvider | null, caller: ApiCaller, iccid: string, lang: Language, now: number): Promise<Esim> {
  const { id } = await requireOwnEsimByIccid(db, caller.userId, iccid, lang);
  return esimDetail(db, carrier, caller.userId, id, lang, now);
}

/**
 * The QR of the eSIM's LPA string, drawn as the shop's mails draw it (the `qrcode` package):
 * 520 px with a quiet zone of 2 modules and error correction M, which a phone's camera reads
 * from a screen or paper.
 */
export async function esimQrPng(db: Database, caller: ApiCaller, iccid: string, lang: Language): Promise<Buffer> {
  const esim = await requireOwnEsimByIccid(db, caller.userId, iccid, lang);
  return QRCode.toBuffer(esim.lpa, { type: 'png', width: 520, margin: 2, errorCorrectionLevel: 'M' });
}

/** The packages that fit the eSIM, as its "Add data" list in the shop offers them to a reseller; an eSIM removed or expired is refused as there. */
export async function esimTopups(db: Database, carrier: CarrierProvider | null, caller: ApiCaller, iccid: string, currency: Currency | undefined, lang: Language, now: number) {
  const esim = await requireOwnEsimByIccid(db, caller.userId, iccid, lang);
  const buyer = { userId: caller.userId, reseller: true, currency: currency ?? 'USD' };
  return addonOffers(db, carrier, buyer, esim.id, lang, now).catch((err: unknown) => {
    // The eSIM's own refusals (removed, expired) are about the ICCID in the path.
    throw err instanceof AppError && err.field === 'id' ? new AppError(err.def, 'iccid', err.data) : err;
  });
}
