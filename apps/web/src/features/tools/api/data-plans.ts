import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency, Language } from '@simshop/contract';
import { useCurrency } from '@/lib/currency';
import { endpointQuery } from '@/lib/endpoint-query';

type PlansBody = { days: number; mb: number; i18n: Language; currency: Currency };

/** tools.plans: plans on sale with at least `mb` of data for at least `days`, cheapest first, in the customer's currency. */
export const dataPlansQueryOptions = (body: PlansBody) => queryOptions({ ...endpointQuery('tools', 'plans', body, { silent: true }), placeholderData: keepPreviousData });

export const useDataPlans = (body: Omit<PlansBody, 'currency'> | null) => {
  const currency = useCurrency();
  return useQuery({ ...dataPlansQueryOptions({ ...(body ?? { days: 1, mb: 0, i18n: 'en' }), currency }), enabled: body !== null });
};
