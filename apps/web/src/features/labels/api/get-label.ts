import { endpointQuery } from '@/lib/endpoint-query';

/** label.detail: one label, for its page's heading. */
export const labelDetailQuery = (id: number, lang: string) => endpointQuery('label', 'detail', { id, i18n: lang });
