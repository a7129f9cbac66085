/** Texts of the messages pages, both languages. */
export const messagesTexts = {
  en: {},
  'zh-Hans': {},
} satisfies Record<'en' | 'zh-Hans', Record<string, string>>;
