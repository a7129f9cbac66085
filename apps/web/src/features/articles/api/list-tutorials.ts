import { useInfiniteQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointInfiniteQuery } from '@/lib/endpoint-query';

const PAGE_SIZE = 20;

/** article.list: the tutorials, page by page (infinite scroll). */
export const tutorialListQuery = (lang: Language) => endpointInfiniteQuery('article', 'list', { size: PAGE_SIZE, i18n: lang });
export const useTutorialList = (lang: Language) => useInfiniteQuery(tutorialListQuery(lang));
