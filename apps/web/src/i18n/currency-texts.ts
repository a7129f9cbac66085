/** Texts of the customer's currency (Mine, and prices the owner gave only in another one), both languages. */
export const en = {
  'mine.currency': 'Currency',
  'mine.currency.title': 'Show prices and pay in',
  'currency.own-note': 'priced in {{currency}}',
};

export const zhHans: Record<keyof typeof en, string> = {
  'mine.currency': '币种',
  'mine.currency.title': '以此币种显示价格并支付',
  'currency.own-note': '以{{currency}}计价',
};
