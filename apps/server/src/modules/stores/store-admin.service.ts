import { mediaKeysOf, PLATFORM_MERCHANT_ID, serverErrors, type AdminStore, type AdminStoreFields, type WeeklyHours } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { libraryPictureExists } from '../media/media.service.ts';
import * as stores from './store.repository.ts';
import type { StoreRow } from './store.repository.ts';
import { storeFacts } from './store.service.ts';
import { pageWindow } from '../../db/table-helpers.ts';

/** Stores in the console: every write audited in its transaction; edits only from the version read. */
function toAdmin(r: StoreRow): AdminStore {
  return {
    id: r.id,
    name: { en: r.name_en, zh: r.name_zh },
    address: { en: r.address_en, zh: r.address_zh },
    city: { en: r.city_en, zh: r.city_zh },
    ...storeFacts(r),
    sort: r.sort,
    active: r.active === 1,
    version: r.version,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function auditView(s: AdminStore): Record<string, unknown> {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = s;
  return fields;
}

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Openings of one day must not overlap (an overnight one ends the next morning, which is the next day's business). */
export function firstOverlap(hours: WeeklyHours): number | null {
  for (const [d, day] of hours.entries()) {
    const spans = day.map((o) => [toMinutes(o.open), toMinutes(o.close) <= toMinutes(o.open) ? toMinutes(o.close) + 1440 : toMinutes(o.close)] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![1]) return d;
  }
  return null;
}

const columnsOf = (input: AdminStoreFields) => ({
  name_en: input.name.en,
  name_zh: input.name.zh,
  address_en: input.address.en,
  address_zh: input.address.zh,
  city_en: input.city.en,
  city_zh: input.city.zh,
  phone: input.phone,
  time_zone: input.timeZone,
  hours: JSON.stringify(input.hours),
  lat: input.lat,
  lng: input.lng,
  services: JSON.stringify([...new Set(input.services)]),
  sort: input.sort,
  picture: input.picture,
});

/** A picture must be in the media library (as a blog cover's), so the shop never draws a missing one. */
async function checkPicture(db: Executor, picture: string | null) {
  const key = mediaKeysOf(picture)[0];
  if (picture !== null && !(key && (await libraryPictureExists(db, key)))) throw new AppError(serverErrors.mediaNotFound, 'picture');
}

function checkHours(hours: WeeklyHours) {
  const day = firstOverlap(hours);
  if (day !== null) throw new AppError(serverErrors.storeHoursOverlap, `hours.${day}`);
}

async function requireStore(db: Executor, id: number): Promise<StoreRow> {
  const row = await stores.findById(db, id);
  if (!row) throw new AppError(serverErrors.notFound, 'id');
  return row;
}

export async function listStoresForStaff(db: Executor, input: { page: number; pageSize: number; sortField: 'sort' | 'updated_at'; sortOrder: 'asc' | 'desc'; q?: string | undefined; active?: 'yes' | 'no' | undefined }, merchantId?: number) {
  const { rows, total } = await stores.listForStaff(
    db,
    { q: input.q || undefined, active: input.active === undefined ? undefined : input.active === 'yes', merchantId },
    { ...pageWindow(input), sort: input.sortField, order: input.sortOrder },
  );
  return { items: rows.map(toAdmin), total };
}

export async function storeForStaff(db: Executor, id: number): Promise<AdminStore> {
  return toAdmin(await requireStore(db, id));
}

export async function createStore(db: Database, actor: Actor, input: AdminStoreFields, now: number, merchantId: number = PLATFORM_MERCHANT_ID): Promise<AdminStore> {
  checkHours(input.hours);
  return db.transaction().execute(async (tx) => {
    await checkPicture(tx, input.picture);
    const row = await stores.insertReturning(tx, { ...columnsOf(input), active: 1, created_at: now, updated_at: now, merchant_id: merchantId });
    const store = toAdmin(row);
    await recordAudit(tx, actor, { action: 'store.create', targetType: 'store', targetId: row.id, after: auditView(store) }, now);
    return store;
  });
}

export async function updateStore(db: Database, actor: Actor, input: AdminStoreFields & { id: number; version: number }, now: number): Promise<AdminStore> {
  checkHours(input.hours);
  return db.transaction().execute(async (tx) => {
    const row = await requireStore(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if (input.picture !== row.picture) await checkPicture(tx, input.picture);
    const diff = changedFields(auditView(toAdmin(row)), auditView(toAdmin({ ...row, ...columnsOf(input) })));
    if (Object.keys(diff.after).length === 0) throw new AppError(serverErrors.nothingChanged);
    const updated = await stores.updateAtVersion(tx, row.id, row.version, { ...columnsOf(input), updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(tx, actor, { action: 'store.update', targetType: 'store', targetId: row.id, ...diff }, now);
    return toAdmin(updated);
  });
}

export async function setStoreActive(db: Database, actor: Actor, input: { id: number; version: number; active: boolean }, now: number): Promise<AdminStore> {
  return db.transaction().execute(async (tx) => {
    const row = await requireStore(tx, input.id);
    if (row.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    if ((row.active === 1) === input.active) throw new AppError(serverErrors.nothingChanged, 'active');
    const updated = await stores.updateAtVersion(tx, row.id, row.version, { active: input.active ? 1 : 0, updated_at: now });
    if (!updated) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(tx, actor, { action: input.active ? 'store.reopen' : 'store.close', targetType: 'store', targetId: row.id, before: { active: !input.active }, after: { active: input.active } }, now);
    return toAdmin(updated);
  });
}
