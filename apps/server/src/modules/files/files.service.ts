import { randomUUID } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/database.ts';
import { openFileToken, sealFileToken } from './file-token.ts';
import * as files from './files.repository.ts';

/** Default lifetime of a download token. */
export const DOWNLOAD_TOKEN_TTL_MS = 15 * 60_000;

export function filesRoot(config: Config): string {
  return join(config.dataDir, 'files');
}

/** Stores bytes under data/files and records who owns them. */
export async function storeFile(
  db: Executor,
  config: Config,
  file: { ownerUserId: number | null; fileName: string; contentType: string; bytes: Buffer | string },
  now = Date.now(),
) {
  const id = randomUUID();
  const relative = join(new Date(now).toISOString().slice(0, 10), id);
  const absolute = join(filesRoot(config), relative);
  await mkdir(dirname(absolute), { recursive: true });
  await writeFile(absolute, file.bytes);
  const size = (await stat(absolute)).size;
  await files.insertFile(db, { id, owner_user_id: file.ownerUserId, path: relative, file_name: file.fileName, content_type: file.contentType, size, created_at: now });
  return id;
}

export function issueDownloadToken(config: Config, fileId: string, userId: number | null, now = Date.now(), ttlMs = DOWNLOAD_TOKEN_TTL_MS): string {
  return sealFileToken(config.fileTokenSecret, { fileId, userId, expiresAt: now + ttlMs });
}

export type DownloadResolution =
  | { ok: true; absolutePath: string; fileName: string; contentType: string; size: number }
  | { ok: false; httpStatus: 400 | 403 | 404 | 410 };

/** Decides whether the caller may download what the token names. */
export async function resolveDownload(db: Executor, config: Config, token: string, callerUserId: number | null, now = Date.now()): Promise<DownloadResolution> {
  const payload = openFileToken(config.fileTokenSecret, token);
  if (!payload) return { ok: false, httpStatus: 400 };
  if (payload.expiresAt < now) return { ok: false, httpStatus: 410 };
  if (payload.userId !== null && payload.userId !== callerUserId) return { ok: false, httpStatus: 403 };
  const row = await files.findFile(db, payload.fileId);
  if (!row) return { ok: false, httpStatus: 404 };
  const root = resolve(filesRoot(config));
  const absolutePath = resolve(root, row.path);
  // The stored path is ours, but a path outside the root must never be served.
  if (!absolutePath.startsWith(root + sep)) return { ok: false, httpStatus: 404 };
  return { ok: true, absolutePath, fileName: row.file_name, contentType: row.content_type, size: row.size };
}
