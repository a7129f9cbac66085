import { endpointQuery } from '@/lib/endpoint-query';

/** label.list: every label, in the shop's order (the home filter). */
export const labelListQuery = (lang: string) => endpointQuery('label', 'list', { i18n: lang });
