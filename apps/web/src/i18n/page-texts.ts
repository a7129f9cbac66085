/**
 * Every domain's page texts (`account-texts.ts` → account), both languages side by side: what
 * the tests compare. The shop itself loads one language's (page-texts-en.ts, page-texts-zh-hans.ts).
 * A domain's file exports `en` and `zhHans`; Vite needs each glob's patterns written out.
 */
const files = import.meta.glob<{ en: Record<string, string>; zhHans: Record<string, string> }>(['./*-texts.ts', '!./page-texts*.ts', '!./contract-texts.ts'], { eager: true });

export const domainTexts = Object.fromEntries(Object.entries(files).map(([file, texts]) => [file.replace(/^\.\/(.*)-texts\.ts$/, '$1'), { en: texts.en, 'zh-Hans': texts.zhHans }]));
