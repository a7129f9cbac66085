import { defineTexts } from '@/i18n/define-texts';

/** The texts of an eSIM order's refund context (install state, log, usage). */
export const esimContextTexts = defineTexts({
  en: {
    'orders.esim-context.title': 'eSIMs of this order',
    'orders.esim-context.installed': 'Installed',
    'orders.esim-context.not-installed': 'Never installed',
    'orders.esim-context.installed-at': 'Installed on',
    'orders.esim-context.used': '{{used}} used of {{total}}',
    'orders.esim-context.unknown': 'unknown',
    'orders.esim-context.unlimited': 'unlimited',
    'orders.esim-context.no-plan': 'No data plan to show (not a travel plan, or already refunded).',
    'orders.esim-context.state.not-started': 'Days not started: {{days}} left',
    'orders.esim-context.state.active': 'In use: {{days}} days left',
    'orders.esim-context.state.expired': 'Expired',
    'orders.esim-context.state.used-up': 'Data used up',
    'orders.esim-context.state.unknown': 'The network did not say whether it is in use',
    'orders.esim-context.log': 'Install log, newest first ({{shown}} of {{total}}):',
    'orders.esim-context.no-log': 'No install reported.',
  },
  'zh-Hans': {
    'orders.esim-context.title': '本订单的 eSIM',
    'orders.esim-context.installed': '已安装',
    'orders.esim-context.not-installed': '从未安装',
    'orders.esim-context.installed-at': '安装时间',
    'orders.esim-context.used': '已用 {{used}}，共 {{total}}',
    'orders.esim-context.unknown': '未知',
    'orders.esim-context.unlimited': '不限量',
    'orders.esim-context.no-plan': '没有可显示的流量套餐（不是旅行套餐，或已退款）。',
    'orders.esim-context.state.not-started': '尚未开始计时：剩余 {{days}} 天',
    'orders.esim-context.state.active': '使用中：剩余 {{days}} 天',
    'orders.esim-context.state.expired': '已过期',
    'orders.esim-context.state.used-up': '流量已用完',
    'orders.esim-context.state.unknown': '网络未告知是否在使用',
    'orders.esim-context.log': '安装记录，最新在前（{{shown}} / {{total}}）：',
    'orders.esim-context.no-log': '未收到安装报告。',
  },
});
