/**
 * The two UI languages (SPEC §1, §9). Kept free of zod so the web app's first screen can
 * decide its language without loading the schema library.
 */
export const Language = { zhHans: 'zh-Hans', en: 'en' } as const;
export type Language = (typeof Language)[keyof typeof Language];
export const LANGUAGES: readonly Language[] = Object.values(Language);
export const FALLBACK_LANGUAGE = 'en' satisfies Language;

/**
 * The shop's language, also as a cookie: the server reads it (before Accept-Language) to send
 * index.html with the texts of that language preloaded. The stored choice stays the truth.
 */
export const LANGUAGE_COOKIE = 'simshop_lang';

/**
 * Maps a locale tag (or an Accept-Language header) to a supported language (SPEC §9): any
 * Chinese tag — zh, zh-CN, zh-TW, zh-HK, zh-Hans, zh_CN, … — gives zh-Hans, because
 * Simplified Chinese is the only Chinese we ship; everything else gives en.
 */
export function normalizeLanguage(input: string | null | undefined): Language {
  // Only the first tag of a header like "zh-CN,zh;q=0.9,en;q=0.8" decides.
  const tag = (input ?? '').split(/[,;]/, 1)[0]?.trim().toLowerCase().replaceAll('_', '-') ?? '';
  return tag === 'zh' || tag.startsWith('zh-') ? Language.zhHans : FALLBACK_LANGUAGE;
}
