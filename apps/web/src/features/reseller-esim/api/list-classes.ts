import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** resellerNumber.classes: the eSIM classes a reseller generates, with wholesale price and what is left. */
export const esimClassesQuery = (lang: Language) => endpointQuery('resellerNumber', 'classes', { i18n: lang });
export const useEsimClasses = (lang: Language) => useQuery(esimClassesQuery(lang));
