import { useMemo, useSyncExternalStore } from 'react';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, Language, SHOP_LANGUAGE_PARAM, STORAGE_KEYS, errorTexts } from '@simshop/contract';
import { readStored, writeStored } from '@/lib/storage';
import { en } from './en';
import { detectInitialLanguage } from './language';
import { Translator } from './translator';
import type { Translate } from './translator';
import { zhHans } from './zh-hans';

/**
 * The two UI languages (SPEC §1): the app's texts plus the contract's error
 * catalogue (server and interface errors), so a server failure's i18n key translates without a
 * lookup table here. The contract's enum labels and validation messages follow right after
 * start (see contract-texts.ts), and the pages' own texts with the first page (page-texts.ts).
 */
export const resources = {
  en: { ...errorTexts.en, ...en },
  'zh-Hans': { ...errorTexts['zh-Hans'], ...zhHans },
} satisfies Record<Language, Record<string, string>>;

/** A page's address may name its language (`?lang=`, the server's hreflang alternates): shown, not remembered. */
const addressLanguage = ((): Language | null => {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(SHOP_LANGUAGE_PARAM);
  return (LANGUAGES as readonly (string | null)[]).includes(asked) ? (asked as Language) : null;
})();

const initial =
  addressLanguage ??
  detectInitialLanguage(
    readStored(STORAGE_KEYS.language),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );

/** The shop's texts; ready at once, so the first render is translated. */
export const i18n = new Translator(resources, initial, FALLBACK_LANGUAGE);

/** Resolves once the contract's enum and validation texts are part of the resources. */
export const contractTextsReady: Promise<void> = import('./contract-texts').then(({ contractTexts }) => {
  for (const lang of LANGUAGES) i18n.addTexts(lang, contractTexts[lang]);
});

const pageTextsLoading = new Map<Language, Promise<void>>();

/**
 * Adds the pages' texts (every domain's) in a language to the resources, once: the first page
 * waits for them (router), a language switch does before it switches. One language's only, half
 * the bytes of both.
 */
export function loadPageTexts(lang: Language): Promise<void> {
  let loading = pageTextsLoading.get(lang);
  if (!loading) {
    loading = (lang === Language.zhHans ? import('./page-texts-zh-hans') : import('./page-texts-en')).then(({ pageTexts }) => {
      i18n.addTexts(lang, pageTexts);
    });
    pageTextsLoading.set(lang, loading);
  }
  return loading;
}

/** Resolves once the pages' texts in the first language are part of the resources; lazy pages wait for it. */
export const pageTextsReady: Promise<void> = loadPageTexts(initial);

function applyToDocument(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18n.t('app.title');
}
applyToDocument(initial);
if (!addressLanguage) rememberForServer(initial);

/** For the server's next index.html, which preloads this language's texts; a year, like the stored choice. */
function rememberForServer(lang: Language): void {
  if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** Switches the language now, remembers it for the next visit and updates `<html lang>`. */
export async function setLanguage(lang: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, lang);
  rememberForServer(lang);
  await showLanguage(lang);
}

/** Shows the shop in a language without remembering it (the console's preview of a draft). */
export async function showLanguage(lang: Language): Promise<void> {
  await loadPageTexts(lang);
  i18n.changeLanguage(lang);
  applyToDocument(lang);
}

/** The current language, outside React (a route starting its first requests). */
export const languageNow = (): Language => i18n.language;

/**
 * The texts for a component: `t` in the current language, and the translator. Re-renders the
 * caller when the language changes or texts arrive; `t` is a new function only when the language
 * changes, so an effect that uses it does not run again because more texts arrived.
 */
export function useTranslation(): { t: Translate; i18n: Translator } {
  useSyncExternalStore(i18n.subscribe, i18n.getRevision, i18n.getRevision);
  const lang = i18n.language;
  const t = useMemo<Translate>(() => (key, options) => i18n.translate(lang, key, options), [lang]);
  return { t, i18n };
}

/** The current language; re-renders the caller when it changes. */
export function useLanguage(): Language {
  return useTranslation().i18n.language;
}
