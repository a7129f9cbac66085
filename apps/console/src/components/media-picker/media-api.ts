import { ADMIN_MEDIA_UPLOAD_PATH, API_BASE, signRequest, type AdminMedia, type AdminRequestOf } from '@simshop/contract';
import { runtime } from '@/config/runtime';
import { ApiError, CONSOLE_HEADER, sessionLost } from '@/lib/api-client';
import { endpointKey, endpointListQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** Every media write refreshes the library lists. */
const MEDIA_WRITE = { invalidates: [endpointKey('adminMedia')] };

export const mediaListQuery = (body: AdminRequestOf<'adminMedia', 'list'>) => endpointListQuery('adminMedia', 'list', body);
export const useUpdateMedia = () => useEndpointMutation('adminMedia', 'update', MEDIA_WRITE);
export const useDeleteMedia = () => useEndpointMutation('adminMedia', 'delete', MEDIA_WRITE);

/**
 * Uploads one picture to the library with its alt texts, reporting progress (0–100). XHR rather
 * than the console's fetch-based adminUpload: fetch cannot report how much of a body was sent.
 * Signed like every upload (query and token, not the body); refusals throw the catalogue's ApiError.
 */
export function uploadMedia(file: Blob, fileName: string, alt: { en: string; zh: string }, onProgress: (percent: number) => void): Promise<AdminMedia> {
  const form = new FormData();
  form.append('altEn', alt.en);
  form.append('altZh', alt.zh);
  form.append('file', file, fileName);
  const headers = { ...CONSOLE_HEADER, ...signRequest({ certificate: runtime.certificate, secret: runtime.secret }, { query: '', body: '' }) };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${ADMIN_MEDIA_UPLOAD_PATH}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('network', 'console.error.network'));
    xhr.onload = () => {
      try {
        if (xhr.status === 401) sessionLost();
        const envelope = JSON.parse(xhr.responseText) as { code: number; data: unknown; i18n: string; field?: string };
        if (envelope.code !== 0) reject(new ApiError('failure', envelope.i18n, envelope.field ?? null, envelope.code, envelope.data));
        else resolve(envelope.data as AdminMedia);
      } catch (err) {
        reject(err instanceof ApiError ? err : new ApiError('http', 'console.error.http', null, xhr.status));
      }
    };
    xhr.send(form);
  });
}
