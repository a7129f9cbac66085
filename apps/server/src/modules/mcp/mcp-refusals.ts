import type { Language } from '@simshop/contract';
import { AppError } from '../../lib/app-error.ts';
import { pickText } from './mcp-customer-texts.ts';
import type { ToolAnswer } from './mcp-public-tools.ts';

/**
 * A refusal of the shop's rules (an AppError from a service) is the tool's error answer, in the
 * asked language with its code, so the assistant can say why; anything else is a fault and
 * stays one.
 */

/** The catalogue's text of a refusal, its {{placeholders}} filled from the error's data. */
export function refusalOf(err: unknown, lang: Language): ToolAnswer | null {
  if (!(err instanceof AppError)) return null;
  const data = (err.data ?? {}) as Record<string, unknown>;
  const text = (lang === 'zh-Hans' ? err.def.zh : err.def.en).replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(data[key] ?? ''));
  return { text: pickText(lang, { en: `${text} (error ${err.def.code}).`, zh: `${text}（错误 ${err.def.code}）。` }), error: true };
}

/** A tool's work, its refusals answered as the tool's error. */
export async function refusing(lang: Language, work: () => Promise<ToolAnswer>): Promise<ToolAnswer> {
  try {
    return await work();
  } catch (err) {
    const refusal = refusalOf(err, lang);
    if (refusal) return refusal;
    throw err;
  }
}
