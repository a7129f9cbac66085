import { LANGUAGES, normalizeLanguage } from '@simshop/contract';
import type { Language } from '@simshop/contract';

/**
 * The first language (SPEC §9): the one the user picked before (stored), else the browser's,
 * mapped by the contract's rule (zh, zh-TW, zh-CN, zh-HK → zh-Hans, anything else → en).
 */
export function detectInitialLanguage(stored: unknown, browserLanguage: string | null | undefined): Language {
  if (typeof stored === 'string' && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  if (typeof stored === 'string' && stored.trim() !== '') return normalizeLanguage(stored);
  return normalizeLanguage(browserLanguage);
}
