import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeContentSchema } from '@simshop/contract';
import type { HomeContent, Language } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';

/** The home block's address (SPEC §1: cached JSON by page name, version and language). */
export const HOME_CONTENT = { name: 'home', version: '1' } as const;

/**
 * The home block; with a preview token (the console's phone-width preview, `?preview=`), the
 * unpublished draft the token names instead. Product links arrive resolved by the server.
 */
export async function getHomeContent(language: Language, preview?: string, signal?: AbortSignal): Promise<HomeContent> {
  const block = await call('jsonContent', 'get_cache', { ...HOME_CONTENT, i18n: language, ...(preview ? { preview } : {}) }, signal ? { signal } : {});
  // The block's content is free-form JSON on the wire; the home page renders only what this
  // schema accepts, so a bad edit of the block shows the error state instead of a broken page.
  return homeContentSchema.parse(block.content);
}

export const homeContentQueryOptions = (language: Language, preview?: string) =>
  queryOptions({
    // Keyed by language, so switching language fetches (and caches) that language's block.
    queryKey: ['json-content', HOME_CONTENT.name, HOME_CONTENT.version, language, preview ?? null],
    queryFn: ({ signal }) => getHomeContent(language, preview, signal),
    // A draft changes while staff edit it: never serve a preview from the cache.
    ...(preview ? { staleTime: 0, gcTime: 0 } : {}),
  });

export function useHomeContent(preview?: string) {
  const language = useLanguage();
  return useQuery(homeContentQueryOptions(language, preview));
}
