/** Texts of "Refund now" (an eSIM never installed, refunded at once by the shop's rule), both languages. */
export const en = {
  'order.refund-now.action': 'Refund now',
  'order.refund-now.offer': 'This eSIM has not been installed: you can refund it at once, without giving a reason, until {{date}}.',
  'order.refund-now.title': 'Refund this order now?',
  'order.refund-now.what': '{{amount}} goes back {{where}}. The eSIM stops working at once and can no longer be installed.',
  'order.refund-now.where.balance': 'to your balance, at once',
  'order.refund-now.where.sandbox': 'to the demo payment, at once',
  'order.refund-now.where.card': 'to your card, usually within 5–10 business days',
  'order.refund-now.where.wechat': 'to your WeChat Pay account, usually within 3 business days',
  'order.refund-now.where.other': 'to the way you paid',
  'order.refund-now.confirm': 'Refund now',
  'order.refund-now.keep': 'Keep the eSIM',
  'order.refund-now.done': 'Refunded',
};

export const zhHans: Record<keyof typeof en, string> = {
  'order.refund-now.action': '立即退款',
  'order.refund-now.offer': '该eSIM尚未安装：在{{date}}之前，您无需说明原因即可立即退款。',
  'order.refund-now.title': '立即退款该订单？',
  'order.refund-now.what': '{{amount}}将{{where}}。该eSIM立即失效，无法再安装。',
  'order.refund-now.where.balance': '立即退回您的余额',
  'order.refund-now.where.sandbox': '立即退回演示支付',
  'order.refund-now.where.card': '退回您的银行卡，通常需5–10个工作日',
  'order.refund-now.where.wechat': '退回您的微信支付账户，通常需3个工作日',
  'order.refund-now.where.other': '按原支付方式退回',
  'order.refund-now.confirm': '立即退款',
  'order.refund-now.keep': '保留eSIM',
  'order.refund-now.done': '已退款',
};
