import type { Language } from '@simshop/contract';
import { normalizeLanguage } from '@simshop/contract';

/** A text stored in both languages; Chinese falls back to English when missing. */
export interface Bilingual {
  en: string;
  zh: string;
}

export function pick(lang: Language, en: string, zh: string): string {
  return lang === 'zh-Hans' && zh ? zh : en;
}

export function pickText(lang: Language, text: Bilingual): string {
  return pick(lang, text.en, text.zh);
}

export const languageOf = (i18n: string | undefined): Language => normalizeLanguage(i18n);

export function parseJson<T>(value: string, fallback: T): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}
