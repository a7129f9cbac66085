import { createHash } from 'node:crypto';
import { MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS_SIDE, MEDIA_UPLOAD_FORMATS, mediaImageString, mediaKey, serverErrors, type AdminMedia, type MediaUse } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/database.ts';
import { pageItems, pageWindow } from '../../db/table-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { changedFields, recordAudit, type Actor } from '../audit/audit.service.ts';
import { deleteStoredFiles, storeFile } from '../files/files.service.ts';
import { decodeUpload } from './media-image.ts';
import * as media from './media.repository.ts';
import type { MediaRow } from './media.table.ts';

/**
 * The media library: pictures staff upload once and name from any image field as `media:<key>`.
 * Uploads are told by decoding them (media-image.ts), never by their name or claimed type. A
 * picture is never changed in place (only its alt text), so its addresses stay valid for a year.
 */

export const MEDIA_FOLDER = 'media';

const toAdmin = (row: MediaRow): AdminMedia => {
  const key = mediaKey(row.id, row.hash);
  return {
    id: row.id,
    key,
    image: mediaImageString(key),
    fileName: row.file_name,
    format: row.format,
    width: row.width,
    height: row.height,
    size: row.size,
    alt: { en: row.alt_en, zh: row.alt_zh },
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
};

export const mediaInvalid = () => new AppError(serverErrors.mediaInvalid, 'file', { maxMb: MEDIA_MAX_BYTES / 1024 / 1024, maxSide: MEDIA_MAX_PIXELS_SIDE });

/** Stores an upload as a library picture, audited; a file that does not decode as an allowed picture is refused. */
export async function uploadMedia(db: Database, config: Config, actor: Actor, input: { bytes: Buffer; fileName: string; alt: { en: string; zh: string } }, now: number): Promise<AdminMedia> {
  if (input.bytes.length === 0 || input.bytes.length > MEDIA_MAX_BYTES) throw mediaInvalid();
  const decoded = await decodeUpload(input.bytes);
  if (!decoded) throw mediaInvalid();
  const format = MEDIA_UPLOAD_FORMATS[decoded.format];
  const hash = createHash('sha256').update(input.bytes).digest('hex').slice(0, 12);
  // The name is shown to staff only; kept short and without path parts.
  const fileName = (input.fileName.split(/[\\/]/).pop() ?? '').trim().slice(0, 200) || `image.${format}`;
  return db.transaction().execute(async (tx) => {
    const fileId = await storeFile(tx, config, { ownerUserId: null, fileName, contentType: `image/${decoded.format}`, bytes: input.bytes, folder: MEDIA_FOLDER }, now);
    const id = await media.insertMedia(tx, {
      file_id: fileId,
      hash,
      file_name: fileName,
      format,
      width: decoded.width,
      height: decoded.height,
      size: input.bytes.length,
      alt_en: input.alt.en.trim(),
      alt_zh: input.alt.zh.trim(),
      created_by_staff_id: actor.staffId,
      created_by: actor.label,
      created_at: now,
    });
    const created = toAdmin(await requireMedia(tx, id));
    await recordAudit(tx, actor, { action: 'media.upload', targetType: 'media', targetId: id, after: { fileName, format, width: decoded.width, height: decoded.height, size: input.bytes.length, alt: created.alt } }, now);
    return created;
  });
}

export async function requireMedia(db: Executor, id: number): Promise<MediaRow> {
  const row = await media.findMedia(db, id);
  if (!row) throw new AppError(serverErrors.mediaNotFound, 'id');
  return row;
}

/** Whether `<id>-<hash>` names a picture of the library (a field naming one checks it before saving). */
export async function libraryPictureExists(db: Executor, key: string): Promise<boolean> {
  const [id, hash] = key.split('-');
  const row = await media.findMedia(db, Number(id));
  return row !== undefined && row.hash === hash;
}

export async function listMedia(db: Executor, input: { page: number; pageSize: number; sortField: 'createdAt' | 'fileName' | 'size'; sortOrder: 'asc' | 'desc'; search?: string | undefined }) {
  return pageItems(await media.listMedia(db, { search: input.search || undefined, sortField: input.sortField, sortOrder: input.sortOrder, ...pageWindow(input) }), toAdmin);
}

/** Every image field naming the picture, each with a name staff recognise. */
export async function mediaUses(db: Executor, id: number): Promise<{ items: MediaUse[] }> {
  const row = await requireMedia(db, id);
  const found = await media.findUses(db, mediaKey(row.id, row.hash));
  return {
    items: [
      ...found.published.map((r): MediaUse => ({ place: 'home', id: r.lang, name: r.lang })),
      // A draft that still holds the published picture is the same use, said once.
      ...found.drafts.filter((d) => !found.published.some((p) => p.lang === d.lang)).map((r): MediaUse => ({ place: 'home_draft', id: r.lang, name: r.lang })),
      ...found.products.map((r): MediaUse => ({ place: 'product', id: String(r.id), name: r.name_en || r.name_zh })),
      ...found.posts.map((r): MediaUse => ({ place: 'blog', id: String(r.id), name: r.title_en || r.title_zh })),
      ...found.merchants.map((r): MediaUse => ({ place: 'merchant', id: String(r.id), name: r.name_en || r.name_zh })),
      ...found.stores.map((r): MediaUse => ({ place: 'store', id: String(r.id), name: r.name_en || r.name_zh })),
    ],
  };
}

export async function updateMediaAlt(db: Database, actor: Actor, input: { id: number; alt: { en: string; zh: string } }, now: number): Promise<AdminMedia> {
  return db.transaction().execute(async (tx) => {
    const before = toAdmin(await requireMedia(tx, input.id));
    const change = changedFields({ alt: before.alt }, { alt: input.alt });
    if (Object.keys(change.after).length === 0) throw new AppError(serverErrors.nothingChanged, 'alt');
    await media.updateAlt(tx, input.id, input.alt);
    await recordAudit(tx, actor, { action: 'media.update', targetType: 'media', targetId: input.id, ...change }, now);
    return toAdmin(await requireMedia(tx, input.id));
  });
}

/** Deletes a picture with every size made of it; refused while an image field names it, saying which. */
export async function deleteMedia(db: Database, actor: Actor, id: number, now: number): Promise<{ ok: true }> {
  return db.transaction().execute(async (tx) => {
    const before = toAdmin(await requireMedia(tx, id));
    const { items } = await mediaUses(tx, id);
    if (items.length > 0) {
      const where = items.map((u) => (u.place === 'home' || u.place === 'home_draft' ? `${u.place.replace('_', ' ')} (${u.id})` : `${u.place} #${u.id} ${u.name}`)).join(', ');
      throw new AppError(serverErrors.mediaInUse, 'id', { where, uses: items });
    }
    await deleteStoredFiles(tx, await media.deleteMedia(tx, id));
    await recordAudit(tx, actor, { action: 'media.delete', targetType: 'media', targetId: id, before: { fileName: before.fileName, key: before.key, alt: before.alt } }, now);
    return { ok: true as const };
  });
}
