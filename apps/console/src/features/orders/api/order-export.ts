import type { AdminRequestOf } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Saves a text the server made as a file the browser downloads. */
function saveFile(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Exports the filtered list as CSV and saves it; answers how many rows and whether the cap cut it. */
export const useOrderExport = () =>
  useMutation({
    mutationFn: async (input: AdminRequestOf<'adminOrder', 'export'>) => {
      const result = await adminCall('adminOrder', 'export', input);
      saveFile(result.filename, result.csv, 'text/csv;charset=utf-8');
      return result;
    },
  });
