import { contactChannelsSchema, DEFAULT_CONTACT_HOURS, DEFAULT_INSTANT_REFUND_DAYS, instantRefundDaysSchema, serverErrors, type AdminContactSettings, type AdminRefundSettings, type ContactChannels } from '@simshop/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { findPublicProductImage } from '../files/files.service.ts';
import * as settings from './shop-settings.repository.ts';

/** The stored document: the channels without the QR's address, which follows STATIC_HOST. */
const storedContact = contactChannelsSchema.omit({ wechatQrUrl: true });
type StoredContact = z.infer<typeof storedContact>;

const CONTACT_KEY = 'contact';
const EMPTY_CONTACT: StoredContact = { phone: null, email: null, wechatId: null, wechatQr: null, addressEn: null, addressZh: null, mapUrl: null, hours: DEFAULT_CONTACT_HOURS };

function qrUrl(config: Config, entry: string | null): string | null {
  return entry === null ? null : `${config.staticHost.replace(/\/+$/, '')}/${entry}`;
}

async function readContact(db: Executor) {
  const row = await settings.findSetting(db, CONTACT_KEY);
  // A document that no longer parses (hand-edited) shows the defaults rather than breaking the page.
  const parsed = row ? storedContact.safeParse(JSON.parse(row.value)) : null;
  return { contact: parsed?.success ? parsed.data : EMPTY_CONTACT, updatedAt: row ? Number(row.updated_at) : null };
}

/** What "Contact us" shows. */
export async function contactChannels(db: Executor, config: Config): Promise<ContactChannels> {
  const { contact } = await readContact(db);
  return { ...contact, wechatQrUrl: qrUrl(config, contact.wechatQr) };
}

/** The console's form: the channels and the version a save must name. */
export async function adminContact(db: Executor, config: Config): Promise<AdminContactSettings> {
  const { contact, updatedAt } = await readContact(db);
  return { ...contact, wechatQrUrl: qrUrl(config, contact.wechatQr), updatedAt };
}

/**
 * Saves the channels the owner set, over the version they started from, audited in the same
 * transaction. A QR picture must be one uploaded to the shop (the product image upload).
 */
export async function saveContact(db: Database, config: Config, actor: Actor, input: { version: number | null; contact: StoredContact }, now: number): Promise<AdminContactSettings> {
  const qr = input.contact.wechatQr;
  if (qr !== null && !(await findPublicProductImage(db, config, qr.slice(qr.indexOf('/') + 1)))) throw new AppError(serverErrors.contactQrMissing, 'contact.wechatQr');
  const at = await saveDocument(db, actor, { key: CONTACT_KEY, version: input.version, value: input.contact, read: async (tx) => { const c = await readContact(tx); return { value: c.contact, updatedAt: c.updatedAt }; } }, now);
  return { ...input.contact, wechatQrUrl: qrUrl(config, input.contact.wechatQr), updatedAt: at };
}

/**
 * One settings document saved over the version read, audited (`settings.<key>`) in the same
 * transaction; refused with changedBySomeoneElse when someone saved in between. Returns the new version.
 */
async function saveDocument<T extends object>(db: Database, actor: Actor, doc: { key: string; version: number | null; value: T; read: (tx: Executor) => Promise<{ value: T; updatedAt: number | null }> }, now: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const before = await doc.read(tx);
    if (before.updatedAt !== doc.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    // The version must move even when two saves land in the same millisecond.
    const at = before.updatedAt === null ? now : Math.max(now, before.updatedAt + 1);
    const value = JSON.stringify(doc.value);
    const saved =
      before.updatedAt === null
        ? await settings.insertSetting(tx, { key: doc.key, value, now: at, staffId: actor.staffId }).then(
            () => true,
            // Two first saves at once: the primary key lets one in; the other was too late.
            () => false,
          )
        : await settings.updateSetting(tx, { key: doc.key, value, now: at, staffId: actor.staffId, version: before.updatedAt });
    if (!saved) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    await recordAudit(tx, actor, { action: `settings.${doc.key}`, targetType: 'settings', targetId: doc.key, before: before.updatedAt === null ? undefined : (before.value as Record<string, unknown>), after: doc.value as Record<string, unknown> }, now);
    return at;
  });
}

const REFUNDS_KEY = 'refunds';
const storedRefunds = z.object({ instantRefundDays: instantRefundDaysSchema });

async function readRefunds(db: Executor) {
  const row = await settings.findSetting(db, REFUNDS_KEY);
  const parsed = row ? storedRefunds.safeParse(JSON.parse(row.value)) : null;
  return { value: parsed?.success ? parsed.data : { instantRefundDays: DEFAULT_INSTANT_REFUND_DAYS }, updatedAt: row ? Number(row.updated_at) : null };
}

/** The days after payment an eSIM never installed is refunded at once (the owner's setting, 30 until saved). */
export async function instantRefundDays(db: Executor): Promise<number> {
  return (await readRefunds(db)).value.instantRefundDays;
}

export async function adminRefundSettings(db: Executor): Promise<AdminRefundSettings> {
  const { value, updatedAt } = await readRefunds(db);
  return { ...value, updatedAt };
}

/** The owner sets the refund period over the version read, audited (`settings.refunds`). */
export async function saveRefundSettings(db: Database, actor: Actor, input: { version: number | null; instantRefundDays: number }, now: number): Promise<AdminRefundSettings> {
  const value = { instantRefundDays: input.instantRefundDays };
  const at = await saveDocument(db, actor, { key: REFUNDS_KEY, version: input.version, value, read: readRefunds }, now);
  return { ...value, updatedAt: at };
}

/** Demo channels for a new shop (the seed); a shop whose owner saved its own keeps them. */
export async function seedDemoContact(db: Executor, now: number): Promise<void> {
  if (await settings.findSetting(db, CONTACT_KEY)) return;
  const demo: StoredContact = {
    phone: '+86 21 6288 1234',
    email: 'service@simshop.local',
    wechatId: 'simshop-service',
    wechatQr: null,
    addressEn: 'Room 1203, 88 Century Avenue, Pudong, Shanghai',
    addressZh: '上海市浦东新区世纪大道88号1203室',
    mapUrl: null,
    hours: DEFAULT_CONTACT_HOURS,
  };
  await settings.insertSetting(db, { key: CONTACT_KEY, value: JSON.stringify(demo), now, staffId: null });
}
