export type ConsoleLanguage = 'en' | 'zh-Hans';
