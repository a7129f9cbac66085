import { ActivationStatus, activationStatusLabelKey, enumTexts, orderStatusLabelKeyFor, type Currency, type EsimUsageState, type Language, type OrderStatus, type ProductKind } from '@simshop/contract';
import { dataText, daysText, moneyText } from './mcp-texts.ts';

/**
 * What the customer tools say to an assistant: short lines in the asked language, every amount
 * with its unit (MB or GB, days, the currency's name) so the assistant can read them out.
 */
type Texts = { en: string; zh: string };
const pick = (lang: Language, t: Texts) => (lang === 'zh-Hans' ? t.zh : t.en);
const dateText = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A paid order's status says what is being delivered ("Paid (eSIM being issued)"), as the order list does. */
export const orderStatusText = (status: OrderStatus, kinds: readonly ProductKind[], lang: Language) => enumTexts[lang][orderStatusLabelKeyFor(status, { kinds })] ?? status;
const activationText = (status: ActivationStatus, lang: Language) => enumTexts[lang][activationStatusLabelKey(status)] ?? String(status);

export interface EsimLine {
  esimId: number;
  name: string;
  plan: string[];
  iccid: string | null;
  installed: boolean;
  activationStatus: ActivationStatus;
  state: EsimUsageState;
  dataLeftMb: number | null;
  dataTotalMb: number | null;
  unlimited: boolean;
  daysLeft: number | null;
}

const STATE_TEXTS: Record<EsimUsageState, Texts> = {
  'not-started': { en: 'not started yet', zh: '尚未开始计算' },
  active: { en: 'in use', zh: '使用中' },
  expired: { en: 'expired', zh: '已过期' },
  'used-up': { en: 'data used up', zh: '流量已用完' },
  unknown: { en: 'usage unknown', zh: '用量未知' },
};

function leftText(e: EsimLine, lang: Language): string {
  if (e.state === 'unknown') return pick(lang, { en: 'data and days left unknown', zh: '剩余流量和天数未知' });
  const data = e.unlimited
    ? dataText(null, lang)
    : e.dataLeftMb === null || e.dataTotalMb === null
      ? pick(lang, { en: 'data left unknown', zh: '剩余流量未知' })
      : pick(lang, { en: `${dataText(e.dataLeftMb, lang)} of ${dataText(e.dataTotalMb, lang)} data left`, zh: `剩余流量 ${dataText(e.dataLeftMb, lang)}（共 ${dataText(e.dataTotalMb, lang)}）` });
  const days = e.daysLeft === null ? pick(lang, { en: 'days left unknown', zh: '剩余天数未知' }) : pick(lang, { en: `${daysText(e.daysLeft, lang)} left`, zh: `剩余 ${daysText(e.daysLeft, lang)}` });
  return `${data}${lang === 'zh-Hans' ? '，' : ', '}${days}`;
}

export function esimsText(items: readonly EsimLine[], total: number, lang: Language): string {
  if (items.length === 0) return pick(lang, { en: 'You have no eSIMs in your SimShop account.', zh: '您的 SimShop 账号中没有 eSIM。' });
  const head = pick(lang, { en: `Your eSIMs (${items.length} of ${total}):`, zh: `您的 eSIM（共 ${total} 张，列出 ${items.length} 张）：` });
  const lines = items.map((e) => {
    const name = [e.name, ...e.plan].filter(Boolean).join(' ');
    const installed = e.installed ? pick(lang, { en: 'installed', zh: '已安装' }) : pick(lang, { en: 'not installed', zh: '未安装' });
    const iccid = e.iccid ? ` (ICCID ${e.iccid})` : '';
    const sep = lang === 'zh-Hans' ? '；' : '; ';
    return `- #${e.esimId} ${name}${iccid}: ${[installed, activationText(e.activationStatus, lang), pick(lang, STATE_TEXTS[e.state]), leftText(e, lang)].join(sep)}`;
  });
  return [head, ...lines].join('\n');
}

export interface OrderLine {
  orderNo: string;
  status: OrderStatus;
  createdAt: number;
  total: number;
  currency: Currency;
  items: string[];
  kinds: ProductKind[];
}

export function ordersText(orders: readonly OrderLine[], total: number, lang: Language): string {
  if (orders.length === 0) return pick(lang, { en: 'You have no orders at SimShop.', zh: '您在 SimShop 没有订单。' });
  const head = pick(lang, { en: `Your newest orders (${orders.length} of ${total}):`, zh: `您最近的订单（共 ${total} 笔，列出 ${orders.length} 笔）：` });
  const lines = orders.map((o) =>
    pick(lang, {
      en: `- Order ${o.orderNo} of ${dateText(o.createdAt)}: ${orderStatusText(o.status, o.kinds, lang)}, total ${moneyText(o.total, o.currency, lang)}; ${o.items.join(', ')}`,
      zh: `- 订单 ${o.orderNo}（${dateText(o.createdAt)}）：${orderStatusText(o.status, o.kinds, lang)}，合计 ${moneyText(o.total, o.currency, lang)}；${o.items.join('、')}`,
    }),
  );
  return [head, ...lines].join('\n');
}

export type CheckResult = 'ok' | 'problem' | 'to-check';
export interface Check {
  check: string;
  result: CheckResult;
  text: string;
}

const RESULT_WORDS: Record<CheckResult, Texts> = { ok: { en: 'OK', zh: '正常' }, problem: { en: 'Problem', zh: '问题' }, 'to-check': { en: 'Check', zh: '请检查' } };

export function checklistText(name: string, checks: readonly Check[], lang: Language): string {
  const problems = checks.filter((c) => c.result === 'problem').length;
  const head = problems
    ? pick(lang, { en: `Checklist for ${name}: ${problems} problem${problems === 1 ? '' : 's'} found.`, zh: `${name} 的检查清单：发现 ${problems} 个问题。` })
    : pick(lang, { en: `Checklist for ${name}: nothing wrong on the shop's side; check the phone.`, zh: `${name} 的检查清单：本店这边一切正常，请检查手机设置。` });
  return [head, ...checks.map((c) => `- ${pick(lang, RESULT_WORDS[c.result])}${lang === 'zh-Hans' ? '：' : ': '}${c.text}`)].join('\n');
}

/** The checklist's lines, in both languages. */
export const CHECK_TEXTS = {
  removed: { en: 'This eSIM was refunded or taken back: it no longer works. Find a new plan with find_plans.', zh: '此 eSIM 已退款或已收回，无法再使用。可用 find_plans 查找新套餐。' },
  notInstalled: { en: 'The eSIM is not installed yet: install it from the QR code or install link in the order (see install_guide).', zh: 'eSIM 尚未安装：请用订单中的二维码或安装链接安装（见 install_guide）。' },
  deleted: { en: 'The eSIM was deleted from the phone: a deleted eSIM usually cannot be installed again. Contact the shop (shop_contact).', zh: 'eSIM 已从手机上删除，通常无法再次安装。请联系本店（shop_contact）。' },
  eidMismatch: { en: 'An install was tried on another device than the one this eSIM is bound to: it works on that first device only.', zh: '曾尝试在另一台设备上安装，但此 eSIM 只能在首次绑定的设备上使用。' },
  disabled: { en: 'The eSIM is turned off on the phone: turn it on in Settings → Mobile service (iPhone) or SIM manager (Android).', zh: 'eSIM 在手机上已关闭：请在“设置 → 蜂窝网络”（iPhone）或“SIM 卡管理”（安卓）中打开。' },
  unknownPlan: { en: 'The shop cannot tell this eSIM\'s data and days from here.', zh: '本店暂时无法查询此 eSIM 的流量和天数。' },
  notStarted: { en: 'The plan has not started: its days start counting at the first connection at the destination.', zh: '套餐尚未开始：在目的地首次联网时开始计算天数。' },
  phone: { en: 'On the phone: choose this eSIM for mobile data, turn data roaming on for it, and restart the phone once at the destination.', zh: '在手机上：将此 eSIM 设为蜂窝数据卡，为其打开数据漫游，并在到达目的地后重启一次手机。' },
  apn: { en: 'If there is signal but still no data, set the APN (see apn_settings).', zh: '如果有信号但仍无法上网，请设置 APN（见 apn_settings）。' },
} satisfies Record<string, Texts>;

export const installedText = (at: number | null, lang: Language) =>
  at === null ? pick(lang, { en: 'The eSIM is installed on a device.', zh: 'eSIM 已安装在设备上。' }) : pick(lang, { en: `The eSIM was installed on ${dateText(at)}.`, zh: `eSIM 已于 ${dateText(at)} 安装。` });
export const expiredText = (at: number | null, lang: Language) =>
  pick(lang, { en: `The plan expired${at === null ? '' : ` on ${dateText(at)}`}: buy a new plan or add data.`, zh: `套餐已${at === null ? '' : `于 ${dateText(at)} `}过期：请购买新套餐或加购流量。` });
export const usedUpText = (totalMb: number | null, lang: Language) => pick(lang, { en: `All ${dataText(totalMb, lang)} of data is used: add data or buy a new plan.`, zh: `${dataText(totalMb, lang)} 流量已全部用完：请加购流量或购买新套餐。` });
export const activeText = (e: EsimLine, lang: Language) => pick(lang, { en: `The plan is in use: ${leftText(e, lang)}.`, zh: `套餐使用中：${leftText(e, lang)}。` });
export const pickText = pick;
export const ACTIVE_STATUSES: ReadonlySet<ActivationStatus> = new Set([ActivationStatus.activated, ActivationStatus.installed, ActivationStatus.enabled]);
