/** The English texts only pages use, every domain's `en`: loaded with the first page, in English only. */
export const pageTexts: Record<string, string> = Object.assign({}, ...Object.values(import.meta.glob<Record<string, string>>(['./*-texts.ts', '!./page-texts*.ts', '!./contract-texts.ts'], { import: 'en', eager: true, query: '?lang=en' })));
