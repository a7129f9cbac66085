import { MEDIA_KEY, MEDIA_UPLOAD_FORMATS, parseMediaSize, type MediaUploadFormat } from '@simshop/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { readStoredFile, storeFile } from '../files/files.service.ts';
import { contentTypeOf, renderSize } from './media-image.ts';
import * as media from './media.repository.ts';

/**
 * Sizes of library pictures for the shop: each is made with sharp on its first request and stored
 * as a file (the database store, shared by every process), so every later request, on any
 * process, reads the stored copy. Addresses carry the picture's hash: the answer never changes.
 */

const SIZES_FOLDER = 'media-sizes';

/** Kept when a size made here lost the race to one another request stored first. */
class SizeTaken extends Error {}

export interface ServedSize {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** One size of a picture, or null when the address names no picture, a wrong hash or a size not made. */
export async function mediaSize(db: Database, config: Config, key: string, file: string, ratio: string | undefined, now = Date.now()): Promise<ServedSize | null> {
  const keyMatch = MEDIA_KEY.exec(key);
  const size = parseMediaSize(file, ratio);
  if (!keyMatch || !size) return null;
  const row = await media.findMedia(db, Number(keyMatch[1]));
  if (!row || row.hash !== keyMatch[2]) return null;
  // The original format is served as itself; other originals' extensions are not addresses.
  const own = MEDIA_UPLOAD_FORMATS[uploadFormatOf(row.format)];
  if (size.format !== 'webp' && size.format !== 'avif' && size.format !== own) return null;
  const variant = `${size.width}-${size.ratio ?? 'full'}.${size.format}`;
  const etag = `"${key}-${variant}"`;

  const stored = await media.findSize(db, row.id, variant);
  if (stored) {
    const found = await readStoredFile(db, config, stored.file_id);
    if (found) return { bytes: found.bytes, contentType: stored.content_type, etag };
  }
  const original = await readStoredFile(db, config, row.file_id);
  if (!original) return null;
  const bytes = await renderSize(original.bytes, { format: uploadFormatOf(row.format), width: row.width, height: row.height }, size.width, size.ratio, size.format);
  const contentType = contentTypeOf(size.format);
  try {
    await db.transaction().execute(async (tx) => {
      const fileId = await storeFile(tx, config, { ownerUserId: null, fileName: `${key}-${variant}`, contentType, bytes, folder: SIZES_FOLDER }, now);
      if (!(await media.insertSize(tx, { media_id: row.id, variant, file_id: fileId, content_type: contentType, created_at: now }))) throw new SizeTaken();
    });
  } catch (err) {
    // Another request stored this size meanwhile: its copy is the one every process serves.
    if (!(err instanceof SizeTaken)) throw err;
    const kept = await media.findSize(db, row.id, variant);
    const found = kept ? await readStoredFile(db, config, kept.file_id) : null;
    if (found) return { bytes: found.bytes, contentType: kept!.content_type, etag };
  }
  return { bytes, contentType, etag };
}

const uploadFormatOf = (extension: string): MediaUploadFormat => (extension === 'jpg' ? 'jpeg' : (extension as MediaUploadFormat));
