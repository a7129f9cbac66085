/** The Chinese texts only pages use, every domain's `zhHans`: loaded with the first page, in Chinese only. */
export const pageTexts: Record<string, string> = Object.assign({}, ...Object.values(import.meta.glob<Record<string, string>>(['./*-texts.ts', '!./page-texts*.ts', '!./contract-texts.ts'], { import: 'zhHans', eager: true, query: '?lang=zh-hans' })));
