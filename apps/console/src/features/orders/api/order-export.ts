import type { AdminRequestOf } from '@simshop/contract';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** Exports the filtered list as CSV and saves it; answers how many rows and whether the cap cut it. */
export const useOrderExport = () =>
  useMutation({
    mutationFn: async (input: AdminRequestOf<'adminOrder', 'export'>) => {
      const result = await adminCall('adminOrder', 'export', input);
      saveFile(result.filename, result.csv, 'text/csv;charset=utf-8');
      return result;
    },
  });
