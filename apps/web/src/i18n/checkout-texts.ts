/** Texts of a checkout with several merchants: one payment, one order per merchant, both languages. */
export const en = {
  'checkout.merchant-subtotal': '{{name}} subtotal',
  'checkout.sold-by': 'Sold by {{name}}',
  'checkout.split-note': 'Your items come from {{count}} shops: you pay once, and each shop sends and tracks its own order.',
  'checkout.part-total': 'Order total',
  'checkout.pay-total': 'Total to pay',
  'checkout.paid-together': 'Paid together · {{count}} orders',
  'checkout.siblings': 'Orders paid together',
  'checkout.this-order': 'This order',
  'checkout.items_one': '{{count}} item',
  'checkout.items_other': '{{count}} items',
};

export const zhHans: Record<keyof typeof en, string> = {
  'checkout.merchant-subtotal': '{{name}} 小计',
  'checkout.sold-by': '{{name}} 销售',
  'checkout.split-note': '您的商品来自 {{count}} 家店铺：只需付款一次，每家店铺分别发货并跟踪各自的订单。',
  'checkout.part-total': '订单合计',
  'checkout.pay-total': '应付总额',
  'checkout.paid-together': '同一次付款 · {{count}} 个订单',
  'checkout.siblings': '同一次付款的订单',
  'checkout.this-order': '本订单',
  'checkout.items_one': '{{count}} 件商品',
  'checkout.items_other': '{{count}} 件商品',
};
