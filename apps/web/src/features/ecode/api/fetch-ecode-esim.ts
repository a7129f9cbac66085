import { useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** ecodeCustomize.fetch: the eSIM a customised ECode became. */
export const ecodeEsimQuery = (body: RequestOf<'ecodeCustomize', 'fetch'>) => endpointQuery('ecodeCustomize', 'fetch', body);

/** Asked for when the form is sent (`body` not null). */
export const useEcodeEsim = (body: RequestOf<'ecodeCustomize', 'fetch'> | null) => useQuery({ ...ecodeEsimQuery(body ?? { ecode: '', variant: 'qpe', secret: false, i18n: 'en' }), enabled: body !== null });
