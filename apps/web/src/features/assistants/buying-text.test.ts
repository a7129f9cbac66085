import { Language } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { en, zhHans } from '@/i18n/assistant-texts';
import { Translator } from '@/i18n/translator';
import { buyingText } from './buying-text';

const t = (lang: Language) => {
  const i18n = new Translator({ en: { ...en }, 'zh-Hans': { ...zhHans } }, lang, Language.en);
  return i18n.t;
};

describe("an assistant's buying in words", () => {
  it('says its amount a day and what it spent today in the money format, in both languages', () => {
    const limit = { dailyAmount: 2000, currency: 'USD' as const, spentToday: 1250 };
    expect(buyingText(limit, t(Language.en))).toBe('Up to $20.00 a day, $12.50 spent today');
    expect(buyingText(limit, t(Language.zhHans))).toBe('每天最多 $20.00，今天已花 $12.50');
  });

  it('says it cannot buy without a daily amount (no buy scope)', () => {
    expect(buyingText(null, t(Language.en))).toBe('Cannot buy');
    expect(buyingText(null, t(Language.zhHans))).toBe('不能购买');
  });
});
