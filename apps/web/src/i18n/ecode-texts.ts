/** Texts of the ecode pages, both languages. */
export const ecodeTexts = {
  en: {},
  'zh-Hans': {},
} satisfies Record<'en' | 'zh-Hans', Record<string, string>>;
