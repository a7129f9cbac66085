import type { ConsoleLanguage } from './language';

export type Texts = Readonly<Record<ConsoleLanguage, Readonly<Record<string, string>>>>;

/**
 * A feature's texts, the shop's way: the Chinese ones are typed by the English keys, so a
 * missing (or stray) Chinese text fails to compile instead of showing its key at run time.
 */
export function defineTexts<K extends string>(texts: { readonly en: Readonly<Record<K, string>>; readonly 'zh-Hans': NoInfer<Readonly<Record<K, string>>> }): Texts {
  return texts;
}

/** Texts built from data that already holds both languages (tool names, item inputs), added to typed ones. */
export function withTexts(typed: Texts, built: Texts): Texts {
  return { en: { ...typed.en, ...built.en }, 'zh-Hans': { ...typed['zh-Hans'], ...built['zh-Hans'] } };
}
