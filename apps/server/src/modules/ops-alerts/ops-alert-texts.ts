import type { Language, OpsAlertKind } from '@simshop/contract';

/** What the staff's alert mails say, in both languages; `{name}` placeholders are filled by `alertTexts`. */
const en = {
  'job_failed.subject': 'SimShop: {count} background job(s) gave up',
  'job_failed.title': 'Background jobs gave up',
  'job_failed.body': '{count} background job(s) stopped retrying since the last alert ({total} wait on the jobs page in all). Customers may be waiting for what they were to do: retry them there, or act on the orders.',
  'job_failed.action': 'Open the failed jobs',
  'esim_delayed.subject': 'SimShop: {count} paid eSIM order(s) not issued after {minutes} minutes',
  'esim_delayed.title': 'Paid eSIMs are delayed',
  'esim_delayed.body': '{count} paid order(s) still wait for their eSIMs more than {minutes} minutes after payment ({total} in all). The shop keeps trying; issue them now or refund them from the order page.',
  'esim_delayed.action': 'Open the dashboard',
  order: 'Order',
  topic: 'Job',
  attempts: 'tries',
  lastError: 'Last error',
  since: 'Since',
  more: '… and {count} more.',
  footer: 'You get this mail because you turned on failure alerts under My account in the console. It comes at most once an hour for each kind of failure.',
};

const zhHans: Record<keyof typeof en, string> = {
  'job_failed.subject': 'SimShop：{count} 个后台任务已放弃',
  'job_failed.title': '后台任务已放弃',
  'job_failed.body': '自上次提醒以来，有 {count} 个后台任务已停止重试（任务页面中共有 {total} 个）。顾客可能仍在等待这些任务的结果：请在任务页面重试，或处理相关订单。',
  'job_failed.action': '查看失败的任务',
  'esim_delayed.subject': 'SimShop：{count} 个已付款的 eSIM 订单在 {minutes} 分钟后仍未发放',
  'esim_delayed.title': '已付款的 eSIM 发放延迟',
  'esim_delayed.body': '有 {count} 个已付款订单在付款 {minutes} 分钟后仍在等待 eSIM（共 {total} 个）。系统会继续重试；您可以在订单页面立即发放或退款。',
  'esim_delayed.action': '打开概览',
  order: '订单',
  topic: '任务',
  attempts: '次尝试',
  lastError: '最后错误',
  since: '开始于',
  more: '……另有 {count} 个。',
  footer: '您收到此邮件，是因为您在管理后台“我的账号”中开启了故障提醒。每类故障每小时最多发送一封。',
};

export type AlertTextKey = keyof typeof en;
export type AlertTranslate = (key: AlertTextKey, values?: Record<string, string | number>) => string;

const tables: Record<Language, Record<AlertTextKey, string>> = { en, 'zh-Hans': zhHans };

export function alertTexts(lang: Language): AlertTranslate {
  const table = tables[lang];
  return (key, values = {}) => table[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The text keys of an alert kind. */
export const kindKey = <S extends 'subject' | 'title' | 'body' | 'action'>(kind: OpsAlertKind, part: S) => `${kind}.${part}` as const;
