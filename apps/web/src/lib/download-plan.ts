import { API_BASE, DOWNLOAD_PATH } from '@simshop/contract';

/**
 * Where a download link's file comes from. Pure, and kept apart from the page opener so the
 * contract's endpoint table (and zod with it) stays out of the first screen.
 */
export interface DownloadPlan {
  readonly url: string;
  /** Whether the request carries the certificate, timestamp and signature headers. */
  readonly signed: boolean;
  /** The name the file is saved under: its last path segment. */
  readonly fileName: string;
  /** The query string that is signed ('' when unsigned). */
  readonly query: string;
}

/**
 * SPEC §7 "File download": `GET /fetch/mall/v2/download?file=…` with signed headers; paths
 * starting with /v3 are plain files on the static host and are fetched from there directly.
 */
export function planDownload(file: string, staticHost: string): DownloadPlan {
  const clean = file.split(/[?#]/, 1)[0] ?? file;
  const segment = clean.split('/').filter(Boolean).pop() ?? 'download';
  let fileName = segment;
  try {
    fileName = decodeURIComponent(segment);
  } catch {
    // A malformed escape keeps the raw segment as the name.
  }
  if (file.startsWith('/v3')) {
    return { url: `${staticHost.replace(/\/+$/, '')}${file}`, signed: false, fileName, query: '' };
  }
  const query = `file=${encodeURIComponent(file)}`;
  return { url: `${API_BASE}${DOWNLOAD_PATH}?${query}`, signed: true, fileName, query };
}
