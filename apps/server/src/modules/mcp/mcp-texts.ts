import { countryName, type ContactHours, type Currency, type Language, type WeeklyHours } from '@simshop/contract';

/**
 * What the shop's MCP tools say, in both languages: short text an assistant reads out or
 * rephrases, with units and currencies spelled out ("3 GB for 7 days: 9.90 US dollars") rather
 * than the shop's symbols. Pure functions of the answer, so each tool's text is unit-tested.
 */

type Texts = { en: string; zh: string };
const pick = (lang: Language, t: Texts) => (lang === 'zh-Hans' ? t.zh : t.en);

const CURRENCY_NAMES: Record<Currency, Texts> = { USD: { en: 'US dollars', zh: '美元' }, CNY: { en: 'Chinese yuan', zh: '元人民币' } };

/** 990 USD → "9.90 US dollars"; 6800 CNY → "68.00 元人民币". */
export function moneyText(minor: number, currency: Currency, lang: Language): string {
  const amount = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  return lang === 'zh-Hans' ? `${amount} ${CURRENCY_NAMES[currency].zh}` : `${amount} ${CURRENCY_NAMES[currency].en}`;
}

/** 5000 → "5 GB", 1500 → "1.5 GB", 500 → "500 MB" (the catalogue's plans count 1000 MB to the GB); null → unlimited data. */
export function dataText(mb: number | null, lang: Language): string {
  if (mb === null) return pick(lang, { en: 'unlimited data', zh: '不限流量' });
  if (mb < 1000) return `${mb} MB`;
  return `${Math.round(mb / 100) / 10} GB`;
}

export const daysText = (days: number, lang: Language) => (lang === 'zh-Hans' ? `${days} 天` : `${days} ${days === 1 ? 'day' : 'days'}`);

/** "3 GB for 7 days" / "7 天 3 GB". */
export function allowanceText(mb: number | null, days: number, lang: Language): string {
  return lang === 'zh-Hans' ? `${daysText(days, lang)}${mb === null ? '' : ' '}${dataText(mb, lang)}` : `${dataText(mb, lang)} for ${daysText(days, lang)}`;
}

/** "Japan and South Korea" / "日本、韩国". */
export function listText(items: readonly string[], lang: Language): string {
  if (lang === 'zh-Hans') return items.join('、');
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const placeText = (code: string, lang: Language) => countryName(code, lang, 'long');

const VALIDITY_TEXTS: Record<string, Texts> = {
  'first-connection': { en: 'The days start when it first connects at the destination.', zh: '到达目的地首次联网时开始计算天数。' },
  install: { en: 'The days start when the SIM is activated.', zh: '激活后开始计算天数。' },
  purchase: { en: 'The days start on the day of purchase.', zh: '购买当天开始计算天数。' },
};

export interface PlanLine {
  name: string;
  dataMb: number | null;
  days: number;
  price: number;
  currency: Currency;
  networks: { country: string; operators: string[] }[];
  hotspot: boolean;
  validityStarts: string;
  url: string;
}

/** The answer of find_plans: the plans, or why there are none. */
export function plansText(a: { destinations: string[]; unknown: string[]; days: number; mb: number; plans: PlanLine[] }, lang: Language): string {
  const lines: string[] = [];
  if (a.unknown.length) lines.push(pick(lang, { en: `Not a destination the shop knows: ${listText(a.unknown, lang)}.`, zh: `本店不认识这些目的地：${listText(a.unknown, lang)}。` }));
  if (a.destinations.length === 0) {
    lines.push(pick(lang, { en: 'Name the destinations as countries or regions, e.g. "Japan" or "JP".', zh: '请以国家或地区名称说明目的地，例如“日本”或“JP”。' }));
    return lines.join('\n');
  }
  const where = listText(a.destinations.map((c) => placeText(c, lang)), lang);
  const need = a.mb > 0 ? pick(lang, { en: ` with ${dataText(a.mb, lang)}`, zh: `，流量至少 ${dataText(a.mb, lang)}` }) : '';
  if (a.plans.length === 0) {
    lines.push(
      pick(lang, {
        en: `No plan on sale covers ${where} for ${daysText(a.days, lang)}${need}. Try fewer days or less data, or two plans one after the other.`,
        zh: `目前没有在售套餐能覆盖${where}并使用 ${daysText(a.days, lang)}${need}。可减少天数或流量，或先后使用两个套餐。`,
      }),
    );
    return lines.join('\n');
  }
  lines.push(
    pick(lang, {
      en: `${a.plans.length === 1 ? '1 plan covers' : `${a.plans.length} plans cover`} ${where} for ${daysText(a.days, lang)} or more${need}, cheapest first:`,
      zh: `共有 ${a.plans.length} 个套餐覆盖${where}，可用 ${daysText(a.days, lang)}或以上${need}，按价格从低到高：`,
    }),
  );
  a.plans.forEach((p, i) => {
    const networks = p.networks.map((n) => (lang === 'zh-Hans' ? `${placeText(n.country, lang)}：${n.operators.join('、')}` : `${placeText(n.country, lang)}: ${n.operators.join(', ')}`)).join(lang === 'zh-Hans' ? '；' : '; ');
    const hotspot = p.hotspot ? pick(lang, { en: 'Hotspot allowed.', zh: '支持热点共享。' }) : pick(lang, { en: 'No hotspot.', zh: '不支持热点共享。' });
    const parts =
      lang === 'zh-Hans'
        ? [`${i + 1}. ${p.name}，${allowanceText(p.dataMb, p.days, lang)}：${moneyText(p.price, p.currency, lang)}。`, networks ? `网络：${networks}。` : '', pick(lang, VALIDITY_TEXTS[p.validityStarts]!), hotspot, p.url]
        : [`${i + 1}. ${p.name}, ${allowanceText(p.dataMb, p.days, lang)}: ${moneyText(p.price, p.currency, lang)}.`, networks ? `Networks: ${networks}.` : '', pick(lang, VALIDITY_TEXTS[p.validityStarts]!), hotspot, p.url];
    // Chinese sentences run on without spaces.
    lines.push(parts.filter(Boolean).join(lang === 'zh-Hans' ? '' : ' '));
  });
  return lines.join('\n');
}

export type EsimAnswer = 'yes' | 'no' | 'depends' | 'unknown';
const UNLOCK_CAVEAT: Texts = { en: 'The phone must also be carrier-unlocked (not tied to one carrier).', zh: '手机还需为无锁版（未绑定运营商）。' };
export const unlockCaveat = (lang: Language) => pick(lang, UNLOCK_CAVEAT);
const DIAL_HINT: Texts = { en: 'To check on the device itself, dial *#06#: if an EID is shown, it supports eSIM.', zh: '可在设备上拨打 *#06# 自查：如果显示 EID，即支持 eSIM。' };

/** The answer of check_esim_support. */
export function esimText(a: { query: string; answer: EsimAnswer; device: { brand: string; model: string } | null; reason: string | null; others: { brand: string; model: string; answer: EsimAnswer }[] }, lang: Language): string {
  const name = a.device ? `${a.device.brand} ${a.device.model}` : '';
  const gap = lang === 'zh-Hans' ? '' : ' ';
  const reason = a.reason ? `${gap}${a.reason}` : '';
  const caveat = `${gap}${pick(lang, UNLOCK_CAVEAT)}`;
  switch (a.answer) {
    case 'yes':
      return pick(lang, { en: `Yes: the ${name} supports eSIM.`, zh: `支持：${name} 支持 eSIM。` }) + reason + caveat;
    case 'no':
      return pick(lang, { en: `No: the ${name} has no eSIM.`, zh: `不支持：${name} 不支持 eSIM。` }) + reason;
    case 'depends':
      return pick(lang, { en: `It depends on the model: the ${name} supports eSIM only in some versions.`, zh: `视版本而定：${name} 仅部分版本支持 eSIM。` }) + reason + caveat;
    case 'unknown': {
      if (a.others.length === 0) return pick(lang, { en: `Unknown: no model in the shop's list matches "${a.query}".`, zh: `未知：本店的机型列表中没有与“${a.query}”匹配的型号。` }) + gap + pick(lang, DIAL_HINT);
      const answers: Record<EsimAnswer, Texts> = { yes: { en: 'yes', zh: '支持' }, no: { en: 'no', zh: '不支持' }, depends: { en: 'depends', zh: '视版本而定' }, unknown: { en: 'unknown', zh: '未知' } };
      const list = a.others.map((o) => `${o.brand} ${o.model} (${pick(lang, answers[o.answer])})`).join(lang === 'zh-Hans' ? '、' : ', ');
      return pick(lang, { en: `Unknown: "${a.query}" matches several models with different answers: ${list}. Ask which one.`, zh: `未知：“${a.query}”匹配到多个答案不同的型号：${list}。请确认具体型号。` });
    }
  }
}

export type PhoneSystem = 'ios' | 'android';
const INSTALL_STEPS: Record<PhoneSystem, Texts[]> = {
  ios: [
    { en: 'Connect to Wi-Fi and keep the eSIM\'s QR code (or its SM-DP+ address and activation code) at hand: it is on the order\'s eSIM page in the shop.', zh: '连接 Wi-Fi，并准备好 eSIM 的二维码（或 SM-DP+ 地址和激活码）：在商城订单的 eSIM 页面中可以找到。' },
    { en: 'On the iPhone the eSIM is for (iOS 17.4 or later), open that page and tap "Install on this iPhone"; or go to Settings › Mobile Service (Cellular) › Add eSIM › Use QR Code and scan the code shown on another screen.', zh: '在要使用该 eSIM 的 iPhone 上（需 iOS 17.4 或更高版本）打开该页面并点击“在此iPhone上安装”；或前往 设置 › 蜂窝网络 › 添加 eSIM › 使用二维码，扫描另一块屏幕上显示的二维码。' },
    { en: 'Confirm "Add eSIM", then choose a label such as "Travel".', zh: '确认“添加 eSIM”，然后选择标签，如“旅行”。' },
    { en: 'Keep your usual line for calls; when you land, choose the travel eSIM for mobile data and turn on data roaming for it.', zh: '通话保留原号码；落地后将旅行 eSIM 设为移动数据卡，并为其开启数据漫游。' },
  ],
  android: [
    { en: 'Connect to Wi-Fi and keep the eSIM\'s QR code (or its SM-DP+ address and activation code) at hand: it is on the order\'s eSIM page in the shop.', zh: '连接 Wi-Fi，并准备好 eSIM 的二维码（或 SM-DP+ 地址和激活码）：在商城订单的 eSIM 页面中可以找到。' },
    { en: 'Open Settings › Network & internet (or Connections) › SIMs.', zh: '打开 设置 › 网络和互联网（或 连接）› SIM 卡。' },
    { en: 'Tap "Add eSIM" or "Download a SIM" and scan the QR code shown on another screen, or choose "Enter code manually" ("Need help?") and paste the SM-DP+ address and activation code.', zh: '点击“添加 eSIM”或“下载 SIM 卡”，扫描另一块屏幕上显示的二维码；或选择“手动输入”（“需要帮助？”），粘贴 SM-DP+ 地址和激活码。' },
    { en: 'When you land, choose the eSIM for mobile data and turn on data roaming for it.', zh: '落地后将该 eSIM 设为移动数据卡，并为其开启数据漫游。' },
  ],
};
const INSTALL_NOTES: Texts[] = [
  { en: 'Install it before you travel: most plans\' days start only when the eSIM first connects at the destination.', zh: '请在出发前安装：大多数套餐在到达目的地首次联网时才开始计算天数。' },
  { en: 'Install it once: an installed eSIM cannot be moved to another phone.', zh: '只需安装一次：已安装的 eSIM 无法转移到其他手机。' },
  { en: 'Signal but no data after landing? Check that data roaming is on for the eSIM, then set the APN (the apn_settings tool).', zh: '落地后有信号但无法上网？请确认已为该 eSIM 开启数据漫游，然后设置 APN（apn_settings 工具）。' },
];

export const installSteps = (os: PhoneSystem, lang: Language) => INSTALL_STEPS[os].map((s) => pick(lang, s));
export const installNotes = (lang: Language) => INSTALL_NOTES.map((s) => pick(lang, s));

/** The answer of install_guide; `esim` is the model's check when one was named. */
export function installText(a: { os: PhoneSystem; steps: string[]; notes: string[]; esim: string | null }, lang: Language): string {
  const system = a.os === 'ios' ? 'iPhone (iOS)' : pick(lang, { en: 'Android', zh: '安卓' });
  const head = pick(lang, { en: `Installing an eSIM on ${system}:`, zh: `在${system}上安装 eSIM：` });
  return [...(a.esim ? [a.esim] : []), head, ...a.steps.map((s, i) => `${i + 1}. ${s}`), ...a.notes].join('\n');
}

export interface ApnLine {
  operator: string;
  country: string;
  apn: string;
  username: string | null;
  password: string | null;
}

/** The answer of apn_settings. */
export function apnText(a: { items: ApnLine[]; destination: string | null; operator: string | null }, lang: Language): string {
  if (a.items.length === 0) {
    const what = [a.destination ? placeText(a.destination, lang) : null, a.operator].filter(Boolean).join(', ');
    return pick(lang, {
      en: `No APN is listed${what ? ` for ${what}` : ''}: the network sets it over the air. Turn data roaming on for the eSIM and restart the phone.`,
      zh: `没有${what ? `${what}的` : ''} APN 记录：网络会自动下发设置。请为该 eSIM 开启数据漫游并重启手机。`,
    });
  }
  const lines = [pick(lang, { en: 'Enter an APN only when the phone shows signal but has no data with data roaming on:', zh: '仅当手机有信号、已开启数据漫游仍无法上网时才需要填写 APN：' })];
  for (const i of a.items) {
    const login = i.username ? pick(lang, { en: `, user name ${i.username}, password ${i.password ?? ''}`, zh: `，用户名 ${i.username}，密码 ${i.password ?? ''}` }) : '';
    lines.push(lang === 'zh-Hans' ? `- ${placeText(i.country, lang)} ${i.operator}：APN ${i.apn}${login}` : `- ${placeText(i.country, lang)}, ${i.operator}: APN ${i.apn}${login}`);
  }
  return lines.join('\n');
}

const WEEKDAY_NAMES: Texts[] = [
  { en: 'Monday', zh: '周一' },
  { en: 'Tuesday', zh: '周二' },
  { en: 'Wednesday', zh: '周三' },
  { en: 'Thursday', zh: '周四' },
  { en: 'Friday', zh: '周五' },
  { en: 'Saturday', zh: '周六' },
  { en: 'Sunday', zh: '周日' },
];

/** ISO weekdays (1 Monday) as runs: [1..6] → "Monday to Saturday", [1, 3] → "Monday and Wednesday". */
function daysRunText(days: readonly number[], lang: Language): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const from = pick(lang, WEEKDAY_NAMES[sorted[i]! - 1]!);
    const to = pick(lang, WEEKDAY_NAMES[sorted[j]! - 1]!);
    runs.push(j === i ? from : j === i + 1 ? listText([from, to], lang) : pick(lang, { en: `${from} to ${to}`, zh: `${from}至${to}` }));
    i = j + 1;
  }
  return listText(runs, lang);
}

const spanText = (open: string, close: string, lang: Language) => pick(lang, { en: `${open} to ${close}`, zh: `${open}至${close}` });

/** The shop's answering hours: "Monday to Saturday, 11:00 to 19:00". */
export function contactHoursText(hours: ContactHours, lang: Language): string {
  if (hours.days.length === 0) return pick(lang, { en: 'No set hours', zh: '暂无固定时间' });
  return `${daysRunText(hours.days, lang)}${lang === 'zh-Hans' ? ' ' : ', '}${spanText(hours.open, hours.close, lang)}`;
}

/** A store's week, days with the same hours together: "Monday to Friday 10:00 to 20:00; Sunday closed". */
export function weeklyHoursText(week: WeeklyHours, lang: Language): string {
  const groups = new Map<string, number[]>();
  week.forEach((day, i) => {
    const key = day.length === 0 ? '' : day.map((o) => spanText(o.open, o.close, lang)).join(pick(lang, { en: ' and ', zh: '、' }));
    groups.set(key, [...(groups.get(key) ?? []), i + 1]);
  });
  const parts = [...groups].sort(([, a], [, b]) => a[0]! - b[0]!).map(([key, days]) => `${daysRunText(days, lang)} ${key || pick(lang, { en: 'closed', zh: '休息' })}`);
  return parts.join(lang === 'zh-Hans' ? '；' : '; ');
}

export interface ContactAnswer {
  phone: string | null;
  email: string | null;
  wechatId: string | null;
  address: string | null;
  hoursText: string;
  stores: { name: string; address: string; city: string; phone: string; hoursText: string }[];
}

/** The answer of shop_contact. */
export function contactText(a: ContactAnswer, lang: Language): string {
  const channels = [
    a.phone ? pick(lang, { en: `phone ${a.phone}`, zh: `电话 ${a.phone}` }) : null,
    a.email ? pick(lang, { en: `email ${a.email}`, zh: `邮箱 ${a.email}` }) : null,
    a.wechatId ? pick(lang, { en: `WeChat ID ${a.wechatId}`, zh: `微信号 ${a.wechatId}` }) : null,
    a.address ? pick(lang, { en: `address ${a.address}`, zh: `地址 ${a.address}` }) : null,
  ].filter((c): c is string => c !== null);
  const lines = [
    channels.length ? pick(lang, { en: `Reach the shop by ${channels.join('; ')}.`, zh: `联系方式：${channels.join('；')}。` }) : pick(lang, { en: 'The shop has not published a phone, email or address yet.', zh: '本店尚未公布电话、邮箱或地址。' }),
    pick(lang, { en: `Customer service answers ${a.hoursText} (the shop's local time).`, zh: `客服时间：${a.hoursText}（本店当地时间）。` }),
  ];
  if (a.stores.length) {
    lines.push(pick(lang, { en: 'Stores:', zh: '门店：' }));
    for (const s of a.stores) lines.push(lang === 'zh-Hans' ? `- ${s.name}，${s.city}${s.address}，电话 ${s.phone}。营业时间：${s.hoursText}。` : `- ${s.name}, ${s.address}, ${s.city}. Phone ${s.phone}. Open ${s.hoursText}.`);
  }
  return lines.join('\n');
}
