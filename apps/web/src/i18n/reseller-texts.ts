/** Texts of the reseller pages, both languages. */
export const resellerTexts = {
  en: {},
  'zh-Hans': {},
} satisfies Record<'en' | 'zh-Hans', Record<string, string>>;
