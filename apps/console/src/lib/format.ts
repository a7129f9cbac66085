import { formatMoney as contractMoney } from '@simshop/contract';

/** Dates and money as staff read them: local time to the minute, amounts with their currency. */
export function formatDateTime(ms: number | null | undefined, lang: string): string {
  if (ms === null || ms === undefined) return '—';
  return new Intl.DateTimeFormat(lang === 'zh-Hans' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatMoney(amount: number, currency: string): string {
  return contractMoney(amount, currency);
}

/** A text the server keeps in both languages (product names): Chinese when shown in Chinese and present. */
export function localText(text: { en: string; zh: string }, lang: string): string {
  return lang === 'zh-Hans' && text.zh ? text.zh : text.en;
}
