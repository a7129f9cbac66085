import type { Language } from '@simshop/contract';

const names = new Map<Language, Intl.DisplayNames | null>();

/** A country's short name in the shop's language (the ISO code where the browser has none). */
export function countryLabel(code: string, lang: Language): string {
  if (!names.has(lang)) {
    try {
      names.set(lang, new Intl.DisplayNames([lang === 'zh-Hans' ? 'zh-Hans' : 'en'], { type: 'region', style: 'short' }));
    } catch {
      names.set(lang, null);
    }
  }
  return names.get(lang)?.of(code) ?? code;
}

/** The flag emoji of an ISO 3166-1 alpha-2 code. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
