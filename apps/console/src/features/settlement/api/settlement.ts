import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointListQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const useSettlement = (input: AdminRequestOf<'adminSettlement', 'list'>) => useQuery(endpointListQuery('adminSettlement', 'list', input));

export const useSettle = () => useEndpointMutation('adminSettlement', 'settle', { invalidates: [endpointKey('adminSettlement')] });

export const useExportSettlement = () => useEndpointMutation('adminSettlement', 'export', { invalidates: [] });

/** Saves a file the server sent base64-encoded (CSV or xlsx) as a browser download. */
export function saveBase64File(fileName: string, base64: string, contentType: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
