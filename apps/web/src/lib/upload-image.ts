import { API_BASE, API_PATHS, uploadResponse } from '@simshop/contract';
import type { ActionName } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { signRequestInBrowser } from '@/lib/request-signing';
import { readToken } from '@/lib/storage';

/**
 * upload.do (SPEC §7): stores an image of the signed-in user (an avatar, or a review picture: each
 * its own action and quota) and gives its file id and address. Multipart: the signature covers query, token and timestamp, not the body.
 */
export async function uploadImage(file: File, action: ActionName<'upload'> = 'avatar'): Promise<{ fileId: string; url: string }> {
  const query = `action=${action}`;
  const headers = await signRequestInBrowser(runtime, { query, body: '', token: readToken() });
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${API_BASE}${API_PATHS.upload}?${query}`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as { code?: number; data?: unknown; i18n?: string };
  if (res.status !== 200 || body.code !== 0) throw new ApiError('failure', { i18n: body.i18n ?? 'error.unknown' });
  return uploadResponse.parse(body.data);
}
