import { PLATFORM_MERCHANT_ID, serverErrors, type Language, type Store, type StoreService, type WeeklyHours } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick } from '../../lib/i18n.ts';
import * as stores from './store.repository.ts';
import type { StoreRow } from './store.repository.ts';

const EMPTY_WEEK: WeeklyHours = [[], [], [], [], [], [], []];

export const servicesOf = (r: Pick<StoreRow, 'services'>) => parseJson<StoreService[]>(r.services, []);
export const hoursOf = (r: Pick<StoreRow, 'hours'>) => parseJson<WeeklyHours>(r.hours, EMPTY_WEEK);

/** What a store row says the same in every language; the shop and the console both show it. */
export function storeFacts(r: StoreRow): Omit<Store, 'id' | 'name' | 'address' | 'city'> {
  return { phone: r.phone, timeZone: r.time_zone, hours: hoursOf(r), lat: Number(r.lat), lng: Number(r.lng), services: servicesOf(r), picture: r.picture ?? null };
}

export function toShopStore(r: StoreRow, lang: Language): Store {
  return {
    id: r.id,
    name: pick(lang, r.name_en, r.name_zh),
    address: pick(lang, r.address_en, r.address_zh),
    city: pick(lang, r.city_en, r.city_zh),
    ...storeFacts(r),
  };
}

/** Every open store of the platform, or of one merchant; with `pickup`, only those that hand out orders. */
export async function listStores(db: Executor, input: { pickup?: boolean | undefined; merchantId?: number | undefined }, lang: Language) {
  // The shop's store list is the platform's; a merchant's stores show on its own page,
  // and at checkout for its order (an order is collected only at its own merchant's store).
  const merchantId = input.merchantId ?? PLATFORM_MERCHANT_ID;
  const rows = (await stores.listActive(db)).filter((r) => r.merchant_id === merchantId);
  return { items: rows.filter((r) => !input.pickup || servicesOf(r).includes('parcel_pickup')).map((r) => toShopStore(r, lang)) };
}

export async function storeDetail(db: Executor, id: number, lang: Language): Promise<Store> {
  const r = await stores.findById(db, id);
  if (!r || r.active !== 1) throw new AppError(serverErrors.storeNotFound, 'id');
  return toShopStore(r, lang);
}

/**
 * The store an order is to be collected at (checked when the order is created): open, handing
 * out orders, and the order's merchant's own (another merchant neither sees the order nor hands
 * it over). Orders call this; they never read the stores table themselves.
 */
export async function requirePickupStore(db: Executor, id: number, merchantId: number): Promise<StoreRow> {
  const r = await stores.findById(db, id);
  if (!r || r.active !== 1) throw new AppError(serverErrors.storeNotFound, 'pickupStoreId');
  if (!servicesOf(r).includes('parcel_pickup')) throw new AppError(serverErrors.pickupStoreUnavailable, 'pickupStoreId');
  if (r.merchant_id !== merchantId) throw new AppError(serverErrors.pickupStoreOtherMerchant, 'pickupStoreId');
  return r;
}

/** A pickup store as the console's order page shows it, in both languages. */
export async function adminPickupStoreView(db: Executor, id: number) {
  const r = await stores.findById(db, id);
  if (!r) throw new AppError(serverErrors.storeNotFound, 'pickupStoreId');
  return { id: r.id, name: { en: r.name_en, zh: r.name_zh }, address: { en: r.address_en, zh: r.address_zh }, city: { en: r.city_en, zh: r.city_zh }, phone: r.phone };
}

/** What the customer is told when their order waits at the store: both languages, as a shop message. */
export function pickupReadyNotice(orderNo: string, store: { name: { en: string; zh: string }; address: { en: string; zh: string }; city: { en: string; zh: string } }): string {
  return [
    `Your order ${orderNo} is ready to collect at ${store.name.en}, ${store.address.en}, ${store.city.en}. Bring the order number.`,
    `您的订单 ${orderNo} 已可到 ${store.name.zh}（${store.city.zh}${store.address.zh}）领取，请出示订单号。`,
  ].join('\n');
}

/** A store as an order shows it, open or closed since (the order keeps pointing at it). */
export async function pickupStoreView(db: Executor, id: number, lang: Language): Promise<Store | null> {
  const r = await stores.findById(db, id);
  return r ? toShopStore(r, lang) : null;
}

/** A merchant's open stores (its shop page). */
export async function merchantStoresOf(db: Executor, merchantId: number, lang: Language) {
  return (await stores.listActive(db)).filter((r) => r.merchant_id === merchantId).map((r) => toShopStore(r, lang));
}

/** The names of these stores, both languages, for naming them in the console's history; deleted ones are left out. */
export const storeNamesByIds = async (db: Executor, ids: readonly number[]) => (await stores.findNamesByIds(db, ids)).map((r) => ({ id: r.id, name: { en: r.name_en, zh: r.name_zh } }));
