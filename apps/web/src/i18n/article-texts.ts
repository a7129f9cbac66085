/** Texts of the article pages, both languages. */
export const articleTexts = {
  en: {},
  'zh-Hans': {},
} satisfies Record<'en' | 'zh-Hans', Record<string, string>>;
