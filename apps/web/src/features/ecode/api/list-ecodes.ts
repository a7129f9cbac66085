import { useInfiniteQuery } from '@tanstack/react-query';
import type { EcodeStatus, Language } from '@simshop/contract';
import { endpointInfiniteQuery } from '@/lib/endpoint-query';

const PAGE_SIZE = 20;

/** ecodeManage.list: my ECodes of one status (or all), page by page, with the count of each status. */
export const ecodeListQuery = (status: EcodeStatus | undefined, lang: Language) => endpointInfiniteQuery('ecodeManage', 'list', { size: PAGE_SIZE, i18n: lang, ...(status ? { status } : {}) });
export const useEcodeList = (status: EcodeStatus | undefined, lang: Language) => useInfiniteQuery(ecodeListQuery(status, lang));
