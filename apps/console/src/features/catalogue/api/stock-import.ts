import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Stock from a CSV file's text (sku,stock); pool eSIMs are refused by the server. */
export function useImportStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => adminCall('adminProduct', 'import_stock', { csv }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['adminProduct'] }),
  });
}
