/** What paying costs and how, said before the payment step: the card fee and the methods that cannot be used here. */
export const en = {
  'payment.card-fee.rule': 'Card payments add {{percent}} %; other payment methods add nothing.',
  'payment.card-fee.short': 'Card payments +{{percent}} %',
  'payment.card-fee.total': 'Paying by card',
  'payment.card-fee.total.desc': 'Includes the {{percent}} % card fee, {{fee}}. Other methods: {{total}}.',
  'payment.method.fee': '+{{fee}} card fee',
  'payment.method.no-fee': 'No fee',
  'payment.wechat.outside': 'WeChat Pay opens inside WeChat: open this page in WeChat to pay with it.',
  'payment.balance.short': 'Balance {{amount}}: {{reason}}',
  'payment.wechat.back': 'Nothing was charged. Choose another payment method, or try again.',
  'payment.none': 'No payment method can be used here',
  'payment.none.desc': 'Please contact us, and we will help you complete this order.',
};

export const zhHans: Record<keyof typeof en, string> = {
  'payment.card-fee.rule': '银行卡支付加收 {{percent}}% 手续费，其他支付方式不加收。',
  'payment.card-fee.short': '银行卡支付 +{{percent}}%',
  'payment.card-fee.total': '使用银行卡支付',
  'payment.card-fee.total.desc': '含 {{percent}}% 银行卡手续费 {{fee}}。其他方式：{{total}}。',
  'payment.method.fee': '+{{fee}} 银行卡手续费',
  'payment.method.no-fee': '无手续费',
  'payment.wechat.outside': '微信支付需在微信内打开：请在微信中打开本页面后使用。',
  'payment.balance.short': '余额 {{amount}}：{{reason}}',
  'payment.wechat.back': '未扣款。请选择其他支付方式，或重试。',
  'payment.none': '此处没有可用的支付方式',
  'payment.none.desc': '请联系我们，我们会协助您完成此订单。',
};
