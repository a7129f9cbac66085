import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const useSettlement = (input: AdminRequestOf<'adminSettlement', 'list'>) =>
  useQuery({ queryKey: ['adminSettlement', 'list', input], queryFn: ({ signal }) => adminCall('adminSettlement', 'list', input, { signal }), placeholderData: keepPreviousData });

export function useSettle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequestOf<'adminSettlement', 'settle'>) => adminCall('adminSettlement', 'settle', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['adminSettlement'] }),
  });
}

export const useExportSettlement = () => useMutation({ mutationFn: (input: AdminRequestOf<'adminSettlement', 'export'>) => adminCall('adminSettlement', 'export', input) });

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
