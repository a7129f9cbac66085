import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** tools.plans: plans on sale with at least `mb` of data for at least `days`, cheapest first. */
export const dataPlansQueryOptions = (body: { days: number; mb: number; i18n: Language }) => queryOptions({ ...endpointQuery('tools', 'plans', body, { silent: true }), placeholderData: keepPreviousData });

export const useDataPlans = (body: { days: number; mb: number; i18n: Language } | null) => useQuery({ ...dataPlansQueryOptions(body ?? { days: 1, mb: 0, i18n: 'en' }), enabled: body !== null });
