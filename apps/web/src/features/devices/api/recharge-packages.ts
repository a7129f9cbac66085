import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { money } from '@/lib/money';

/**
 * product.list (recharges) + product.detail of each: the recharge packages a device page offers,
 * one radio per SKU on sale. Keyed by the list call it starts from.
 */
export const rechargePackagesQuery = (lang: Language) => {
  const body = { page: 1, size: 20, kind: 'recharge' as const, i18n: lang };
  return queryOptions({
    queryKey: [...endpointKey('product', 'list', body), 'skus'],
    queryFn: async ({ signal }) => {
      const list = await call('product', 'list', body, { signal });
      const details = await Promise.all(list.items.map((p) => call('product', 'detail', { id: p.id, i18n: lang }, { signal })));
      return details.flatMap((p) => p.skus.filter((s) => !s.soldOut).map((s) => ({ skuId: s.id, label: `${p.name} ${s.options.join(' ')}`, price: money(s.price, p.currency) })));
    },
  });
};
export const useRechargePackages = () => useQuery(rechargePackagesQuery(useLanguage()));
