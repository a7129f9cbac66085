import type { ConnectedAssistant } from '@simshop/contract';
import type { Translate } from '@/i18n/translator';
import { money } from '@/lib/money';

/**
 * What an approval lets its assistant buy, in words: its amount a day and what it spent today
 * (the server counts the day in UTC), or that it cannot buy. Without a daily amount the server
 * refuses every purchase, so a `buy` scope without one reads "cannot buy" too.
 */
export function buyingText(buyLimit: ConnectedAssistant['buyLimit'], t: Translate): string {
  if (!buyLimit) return t('assistants.buying.none');
  return t('assistants.buying.limit', { amount: money(buyLimit.dailyAmount, buyLimit.currency), spent: money(buyLimit.spentToday, buyLimit.currency) });
}
