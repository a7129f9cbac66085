import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Download tokens (DESIGN §3): an encrypted, authenticated, expiring reference to a stored file
 * and the user who may read it. AES-256-GCM, so a token can neither be read nor altered.
 */
export interface FileTokenPayload {
  fileId: string;
  /** null: anyone holding the token may download (e.g. a public tutorial attachment). */
  userId: number | null;
  expiresAt: number;
}

const keyFrom = (secret: string) => createHash('sha256').update(`file-token:${secret}`).digest();

export function sealFileToken(secret: string, payload: FileTokenPayload): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify([payload.fileId, payload.userId, payload.expiresAt]), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The payload, or null for a token that is malformed, altered or sealed with another key. */
export function openFileToken(secret: string, token: string): FileTokenPayload | null {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [fileId, userId, expiresAt] = JSON.parse(json) as [string, number | null, number];
    return { fileId, userId, expiresAt };
  } catch {
    return null;
  }
}
