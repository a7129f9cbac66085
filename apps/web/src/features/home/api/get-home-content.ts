import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { HOME_BLOCK, type HomeContent, type Language, type ResponseOf } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { ApiError, call } from '@/lib/api-client';
import { endpointKey } from '@/lib/endpoint-query';
import { seedFromFirstAnswer } from '@/lib/first-answers';

const homeContentBody = (language: Language, preview?: string) => ({ ...HOME_BLOCK, i18n: language, ...(preview ? { preview } : {}) });

type HomeBlock = ResponseOf<'jsonContent', 'get_cache'>;

/**
 * The home in a content block. The server checks the stored block against the contract's schema
 * and resolves it; it sends a block as stored only when it is not one (written by hand in an
 * older shape). That case shows the error state instead of a broken page, without zod on the
 * first screen. The query keeps the block as the server answered it (what the server answers
 * for a page it draws, too) and reads the home out of it here.
 */
function homeOf(block: HomeBlock): HomeContent {
  if (!isResolvedHome(block.content)) throw new ApiError('invalid');
  return block.content;
}

/** The published home the page's HTML came with (lib/first-answers.ts), put where the page's query finds it. */
export function seedHomeContent(client: QueryClient, language: Language): boolean {
  return seedFromFirstAnswer(client, homeContentQueryOptions(language).queryKey, { endpoint: 'jsonContent', action: 'get_cache', body: homeContentBody(language) }, (block) => (isResolvedHome(block.content) ? block : undefined));
}

function isResolvedHome(content: unknown): content is HomeContent {
  if (typeof content !== 'object' || content === null) return false;
  const c = content as Partial<Record<keyof HomeContent, unknown>>;
  return typeof c.title === 'string' && Array.isArray(c.banners) && Array.isArray(c.shortcuts) && Array.isArray(c.sections);
}

export const homeContentQueryOptions = (language: Language, preview?: string) =>
  queryOptions({
    // Keyed by the call (language included), so switching language fetches (and caches) that language's block.
    queryKey: endpointKey('jsonContent', 'get_cache', homeContentBody(language, preview)),
    // With a preview token (the console's phone-width preview, `?preview=`), the unpublished draft
    // the token names instead. Product links arrive resolved by the server.
    queryFn: ({ signal }) => call('jsonContent', 'get_cache', homeContentBody(language, preview), { signal }),
    select: homeOf,
    // A draft changes while staff edit it: never serve a preview from the cache.
    ...(preview ? { staleTime: 0, gcTime: 0 } : {}),
  });

export function useHomeContent(preview?: string) {
  const language = useLanguage();
  return useQuery(homeContentQueryOptions(language, preview));
}
