import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { databaseFileStorage, type FileStorage } from './file-storage.ts';
import { openFileToken, sealFileToken } from './file-token.ts';
import * as files from './files.repository.ts';

/** Default lifetime of a download token. */
export const DOWNLOAD_TOKEN_TTL_MS = 15 * 60_000;

/** The shop's file store: the database, so every process serves every file (see file-storage.ts). */
export function fileStorage(config: Config): FileStorage {
  return databaseFileStorage(config.dataDir);
}

/** Stores bytes and records who owns them, both or neither (in the caller's transaction if it is one). */
export async function storeFile(
  db: Executor,
  config: Config,
  file: { ownerUserId: number | null; fileName: string; contentType: string; bytes: Buffer | string; folder?: string },
  now = Date.now(),
) {
  const id = randomUUID();
  // A key, not a path: `/` also on Windows, as every store spells it.
  const key = `${file.folder ?? new Date(now).toISOString().slice(0, 10)}/${id}`;
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes;
  const write = async (tx: Executor) => {
    await files.insertFile(tx, { id, owner_user_id: file.ownerUserId, path: key, file_name: file.fileName, content_type: file.contentType, size: bytes.length, created_at: now });
    await fileStorage(config).put(tx, { id, path: key }, bytes);
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return id;
}

export function issueDownloadToken(config: Config, fileId: string, userId: number | null, now = Date.now(), ttlMs = DOWNLOAD_TOKEN_TTL_MS): string {
  return sealFileToken(config.fileTokenSecret, { fileId, userId, expiresAt: now + ttlMs });
}

export type DownloadResolution =
  | { ok: true; bytes: Buffer; fileName: string; contentType: string }
  | { ok: false; httpStatus: 400 | 403 | 410 }
  /** The token was good but the file is gone: the catalogue's fileMissing. */
  | { ok: false; httpStatus: 404; missing: true };

/** Decides whether the caller may download what the token names, and reads it. */
export async function resolveDownload(db: Executor, config: Config, token: string, callerUserId: number | null, now = Date.now()): Promise<DownloadResolution> {
  const payload = openFileToken(config.fileTokenSecret, token);
  if (!payload) return { ok: false, httpStatus: 400 };
  if (payload.expiresAt < now) return { ok: false, httpStatus: 410 };
  if (payload.userId !== null && payload.userId !== callerUserId) return { ok: false, httpStatus: 403 };
  const row = await files.findFile(db, payload.fileId);
  const bytes = row ? await fileStorage(config).get(db, row) : null;
  if (!row || !bytes) return { ok: false, httpStatus: 404, missing: true };
  return { ok: true, bytes, fileName: row.file_name, contentType: row.content_type };
}

export const AVATAR_FOLDER = 'avatars';
export const avatarUrl = (fileId: string) => `/media/avatars/${fileId}`;

/** Image types accepted for avatars, told by their first bytes rather than by what the client claims. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The public URL of an avatar this user uploaded, or null when the file is not theirs or not an avatar. */
export async function ownedAvatarUrl(db: Executor, userId: number, fileId: string): Promise<string | null> {
  const row = await files.findFile(db, fileId);
  if (!row || row.owner_user_id !== userId || !row.path.startsWith(`${AVATAR_FOLDER}/`)) return null;
  return avatarUrl(fileId);
}

/** Review pictures (upload.do review_picture): their own folder, so their own quota and address. */
export const REVIEW_PICTURE_FOLDER = 'reviews';
export const reviewPictureUrl = (fileId: string) => `/media/reviews/${fileId}`;

/** Whether this user uploaded this file as a review picture. */
export async function isOwnReviewPicture(db: Executor, userId: number, fileId: string): Promise<boolean> {
  const row = await files.findFile(db, fileId);
  return !!row && row.owner_user_id === userId && row.path.startsWith(`${REVIEW_PICTURE_FOLDER}/`);
}

/** A file to show to anyone: only files stored in a public folder (avatars, product images) are. */
async function findPublicFile(db: Executor, config: Config, fileId: string, folder: string) {
  const row = await files.findFile(db, fileId);
  if (!row || !row.path.startsWith(`${folder}/`)) return null;
  const bytes = await fileStorage(config).get(db, row);
  return bytes ? { bytes, contentType: row.content_type } : null;
}

/** An avatar to show to anyone: only files stored as avatars are public. */
export const findPublicAvatar = (db: Executor, config: Config, fileId: string) => findPublicFile(db, config, fileId, AVATAR_FOLDER);
/** A review picture is as public as the review showing it (hidden reviews' pictures stay reachable by id, like avatars). */
export const findPublicReviewPicture = (db: Executor, config: Config, fileId: string) => findPublicFile(db, config, fileId, REVIEW_PICTURE_FOLDER);

/**
 * Product images are stored like avatars and served below the static host, so a product's image
 * string names them as `products/<id>` beside the shop's own static images (a CDN in front of
 * STATIC_HOST pulls them from /static/products/ like any static file).
 */
export const PRODUCT_IMAGE_FOLDER = 'products';
export const productImageEntry = (fileId: string) => `${PRODUCT_IMAGE_FOLDER}/${fileId}`;
export const findPublicProductImage = (db: Executor, config: Config, fileId: string) => findPublicFile(db, config, fileId, PRODUCT_IMAGE_FOLDER);

/** A stored file's bytes and type by id (the caller decides who may see it), or null when gone. */
export async function readStoredFile(db: Executor, config: Config, fileId: string) {
  const row = await files.findFile(db, fileId);
  const bytes = row ? await fileStorage(config).get(db, row) : null;
  return row && bytes ? { bytes, contentType: row.content_type } : null;
}

/** Deletes stored files with their bytes (a library picture and its sizes). */
export const deleteStoredFiles = (db: Executor, ids: readonly string[]) => files.deleteFiles(db, ids);
