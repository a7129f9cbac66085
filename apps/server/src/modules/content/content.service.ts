import { FALLBACK_LANGUAGE, serverErrors, type Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as contents from './content.repository.ts';

/** SPEC §7: i18n is forced to en when it is neither zh-Hans nor en. */
export function contentLanguage(i18n: string | undefined): Language {
  return i18n === 'zh-Hans' || i18n === 'en' ? i18n : FALLBACK_LANGUAGE;
}

/** A content block by name, version and language; falls back to English when the block has no translation yet. */
export async function getContent(db: Executor, input: { name: string; version: string; i18n?: string | undefined }) {
  const lang = contentLanguage(input.i18n);
  const row =
    (await contents.findContent(db, { name: input.name, version: input.version, lang })) ??
    (lang === FALLBACK_LANGUAGE ? undefined : await contents.findContent(db, { name: input.name, version: input.version, lang: FALLBACK_LANGUAGE }));
  if (!row) throw new AppError(serverErrors.notFound, 'name');
  return { name: row.name, version: row.version, i18n: contentLanguage(row.lang), content: JSON.parse(row.content) as unknown, updatedAt: row.updated_at };
}

export async function saveContent(db: Executor, block: { name: string; version: string; lang: Language; content: unknown }, now = Date.now()) {
  await contents.upsertContent(db, { name: block.name, version: block.version, lang: block.lang, content: JSON.stringify(block.content), updatedAt: now });
}
