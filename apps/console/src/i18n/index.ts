import { enumTexts, errorTexts, validationTexts } from '@simshop/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLanguage, writeLanguage } from '@/lib/storage';
import { commonTexts } from './common-texts';
import { keyboardTexts } from './keyboard-texts';
import { savedViewTexts } from './saved-view-texts';
import type { Texts } from './define-texts';
import type { ConsoleLanguage } from './language';

export type { ConsoleLanguage } from './language';
export type { Texts } from './define-texts';

export const LANGUAGES: readonly ConsoleLanguage[] = ['zh-Hans', 'en'];

/** zh, zh-CN, zh-TW, zh-HK … map to zh-Hans (DESIGN §7); everything else to English. */
export function pickLanguage(stored: string | null, browser: readonly string[]): ConsoleLanguage {
  if (stored === 'en' || stored === 'zh-Hans') return stored;
  return browser.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh-Hans' : 'en';
}

function resources(lang: ConsoleLanguage): Record<string, string> {
  // The contract's enum labels (order statuses, carriers ...) and its validation rules' words
  // are shared by every screen: a form shows the same words the server's refusal carries.
  return { ...errorTexts[lang], ...enumTexts[lang], ...validationTexts[lang], ...commonTexts[lang], ...keyboardTexts[lang], ...savedViewTexts[lang] };
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: pickLanguage(readLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages),
  fallbackLng: 'en',
  resources: { en: { translation: resources('en') }, 'zh-Hans': { translation: resources('zh-Hans') } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: ConsoleLanguage): void {
  writeLanguage(lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Adds a feature's texts (the app does this for every module at start). */
export function addTexts(texts: Texts): void {
  for (const lang of LANGUAGES) i18n.addResources(lang, 'translation', texts[lang]);
}
