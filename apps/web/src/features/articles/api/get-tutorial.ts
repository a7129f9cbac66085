import { useQuery } from '@tanstack/react-query';
import type { Language } from '@simshop/contract';
import { endpointQuery } from '@/lib/endpoint-query';

/** article.detail: one tutorial in the reader's language. */
export const tutorialQuery = (id: number, lang: Language) => endpointQuery('article', 'detail', { id, i18n: lang });

/** Nothing is asked for while the address names no tutorial. */
export const useTutorial = (id: number, lang: Language, enabled: boolean) => useQuery({ ...tutorialQuery(id, lang), enabled });
