import type { AdminProduct } from '@simshop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write that answers with the product: its editor's cached copy is dropped (the editor
 * reloads it with its history), lists and the inventory's pool levels are refreshed.
 */
export function useProductWrite<I>(write: (input: I) => Promise<AdminProduct>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (product) => {
      void client.invalidateQueries({ queryKey: ['adminProduct', 'get', { id: product.id }] });
      void client.invalidateQueries({ queryKey: ['adminProduct', 'list'] });
      void client.invalidateQueries({ queryKey: ['adminInventory'] });
    },
  });
}
