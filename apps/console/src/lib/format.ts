import { formatMoney as contractMoney } from '@simshop/contract';

/** Dates and money as staff read them: local time to the minute, amounts with their currency. */
export function formatDateTime(ms: number | null | undefined, lang: string): string {
  if (ms === null || ms === undefined) return '—';
  return new Intl.DateTimeFormat(lang === 'zh-Hans' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

export function formatMoney(amount: number, currency: string): string {
  return contractMoney(amount, currency);
}
