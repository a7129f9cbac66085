import { queryOptions } from '@tanstack/react-query';
import type { ProductKind } from '@simshop/contract';
import { call } from '@/lib/api-client';

export const productListQuery = (lang: string, kind?: ProductKind) =>
  queryOptions({ queryKey: ['product', 'list', lang, kind ?? 'all'], queryFn: ({ signal }) => call('product', 'list', { page: 1, size: 50, i18n: lang, ...(kind ? { kind } : {}) }, { signal }) });

export const productDetailQuery = (id: number, lang: string, reseller: boolean) =>
  queryOptions({ queryKey: ['product', 'detail', id, lang, reseller], queryFn: ({ signal }) => call('product', 'detail', { id, i18n: lang }, { signal }) });
