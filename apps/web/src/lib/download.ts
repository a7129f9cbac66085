import { saveBlob } from '@simshop/endpoint-query';
import { runtime } from '@/config/runtime';
import { i18n } from '@/i18n';
import { planDownload } from './download-plan';
import { signRequestInBrowser } from './request-signing';
import { readToken } from './storage';
import { toast } from './toast';

/** The name in a Content-Disposition header, when the server sends one. */
function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file link (SPEC §7 "File download"): signed GET through the download route, or
 * straight from the static host for /v3 paths; only HTTP 200 counts, and the file is saved
 * under its last path segment (or the server's file name for an opaque token).
 */
export async function downloadFile(file: string): Promise<void> {
  const plan = planDownload(file, runtime.staticHost);
  const progress = toast.loading(i18n.t('common.downloading'));
  try {
    const headers = plan.signed ? await signRequestInBrowser(runtime, { query: plan.query, body: '', token: readToken() }) : undefined;
    const response = await fetch(plan.url, headers ? { headers } : {});
    if (response.status !== 200) {
      progress.close();
      toast.error(i18n.t('common.fail.download', { status: response.status }));
      return;
    }
    const blob = await response.blob();
    const name = dispositionName(response.headers.get('content-disposition')) ?? plan.fileName;
    saveBlob(blob, name);
    progress.close();
  } catch {
    progress.close();
    toast.error(i18n.t('common.fail.download', { status: 0 }));
  }
}
