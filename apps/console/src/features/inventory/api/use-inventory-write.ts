import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * An inventory write: pool levels and classes are refreshed, and so are products (a pool's
 * stock, a class's price is its SKU's wholesale price).
 */
export function useInventoryWrite<I, O>(write: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['adminInventory'] });
      void client.invalidateQueries({ queryKey: ['adminProduct'] });
    },
  });
}
