import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { call } from '@/lib/api-client';

/** Plans on sale with at least `mb` of data for at least `days`, cheapest first. */
export const dataPlansQueryOptions = (body: { days: number; mb: number; i18n: Language }) =>
  queryOptions({
    queryKey: ['tools', 'plans', body],
    queryFn: ({ signal }) => call('tools', 'plans', body, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

export const useDataPlans = (body: { days: number; mb: number; i18n: Language } | null) => useQuery({ ...dataPlansQueryOptions(body ?? { days: 1, mb: 0, i18n: 'en' }), enabled: body !== null });
