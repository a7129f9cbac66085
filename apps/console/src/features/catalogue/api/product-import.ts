import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

/** Products from a CSV file's text; every product may have changed, so every catalogue query is refreshed. */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => adminCall('adminProduct', 'import_products', { csv }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['adminProduct'] }),
  });
}
