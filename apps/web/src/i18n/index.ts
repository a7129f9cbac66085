import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, Language, STORAGE_KEYS, errorTexts, normalizeLanguage } from '@simshop/contract';
import { readStored, writeStored } from '@/lib/storage';
import { en } from './en';
import { detectInitialLanguage } from './language';
import { zhHans } from './zh-hans';

/**
 * i18next with the two UI languages (SPEC §1): the app's texts plus the contract's error
 * catalogue (server and interface errors), so a server failure's i18n key translates without a
 * lookup table here. The contract's enum labels and validation messages follow right after
 * start (see contract-texts.ts), and the pages' own texts with the first page (page-texts.ts).
 */
export const resources = {
  en: { translation: { ...errorTexts.en, ...en } },
  'zh-Hans': { translation: { ...errorTexts['zh-Hans'], ...zhHans } },
} satisfies Record<Language, { translation: Record<string, string> }>;

const initial = detectInitialLanguage(
  readStored(STORAGE_KEYS.language),
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

void i18next.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  // Catalogue keys are flat and dotted ('res.param.error'); they must not be read as nesting.
  keySeparator: false,
  nsSeparator: false,
  // React escapes on render already.
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialising synchronously lets the first render be translated.
  initAsync: false,
  returnNull: false,
  // Re-render translated components when the deferred contract texts are added.
  react: { bindI18nStore: 'added' },
});

/** Resolves once the contract's enum and validation texts are part of the resources. */
export const contractTextsReady: Promise<void> = import('./contract-texts').then(({ contractTexts }) => {
  for (const lang of LANGUAGES) i18next.addResourceBundle(lang, 'translation', contractTexts[lang], true, false);
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
      i18next.addResourceBundle(lang, 'translation', pageTexts, true, false);
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
  document.title = i18next.t('app.title');
}
applyToDocument(initial);
rememberForServer(initial);

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
  await i18next.changeLanguage(lang);
  applyToDocument(lang);
}

/** The current language, outside React (a route starting its first requests). */
export const languageNow = (): Language => normalizeLanguage(i18next.resolvedLanguage ?? i18next.language);

/** The current language; re-renders the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export { i18next as i18n };
