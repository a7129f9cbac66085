import { defineTexts } from '@/i18n/define-texts';

/** An EU consumer's consent at checkout and withdrawal, as the order page shows them. */
export const withdrawalTexts = defineTexts({
  en: {
    'orders.consumer.title': 'EU consumer rights',
    'orders.consumer.country': 'Customer lives in',
    'orders.consumer.consent': 'Consent to delivery now',
    'orders.consumer.consent-none': 'Not asked (no digital goods)',
    'orders.consumer.consent-at': '{{when}} · wording {{version}}',
    'orders.consumer.withdrawn': 'Withdrawn',
    'orders.consumer.not-withdrawn': 'No',
    'orders.consumer.tag': 'Withdrawal',
    'orders.refund-reason.withdrawal': 'Withdrawal from contract (EU)',
    'orders.event.withdraw': 'Withdrew from contract',
  },
  'zh-Hans': {
    'orders.consumer.title': '欧盟消费者权利',
    'orders.consumer.country': '顾客居住地',
    'orders.consumer.consent': '同意立即交付',
    'orders.consumer.consent-none': '未询问（无数字商品）',
    'orders.consumer.consent-at': '{{when}} · 文本版本 {{version}}',
    'orders.consumer.withdrawn': '已撤回',
    'orders.consumer.not-withdrawn': '否',
    'orders.consumer.tag': '撤回',
    'orders.refund-reason.withdrawal': '撤回合同（欧盟）',
    'orders.event.withdraw': '撤回合同',
  },
});
