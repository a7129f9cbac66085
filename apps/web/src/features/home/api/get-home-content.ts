import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeContentSchema } from '@simshop/contract';
import type { HomeContent, Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';

/** The home block's address (SPEC §1: cached JSON by page name, version and language). */
export const HOME_CONTENT = { name: 'home', version: '1' } as const;

export async function getHomeContent(language: Language, signal?: AbortSignal): Promise<HomeContent> {
  const block = await call('jsonContent', 'get_cache', { ...HOME_CONTENT, i18n: language }, signal ? { signal } : {});
  // The block's content is free-form JSON on the wire; the home page renders only what this
  // schema accepts, so a bad edit of the block shows the error state instead of a broken page.
  return homeContentSchema.parse(block.content);
}

export const homeContentQueryOptions = (language: Language) =>
  queryOptions({
    // Keyed by language, so switching language fetches (and caches) that language's block.
    queryKey: ['json-content', HOME_CONTENT.name, HOME_CONTENT.version, language],
    queryFn: ({ signal }) => getHomeContent(language, signal),
  });

export function useHomeContent() {
  const language = useLanguage();
  return useQuery(homeContentQueryOptions(language));
}
