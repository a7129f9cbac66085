import { describe, expect, it } from 'vitest';
import { esimCheck } from './mcp-public-tools.ts';
import { apnText, contactHoursText, contactText, dataText, installNotes, installSteps, installText, moneyText, plansText, weeklyHoursText, type PlanLine } from './mcp-texts.ts';

const asia: PlanLine = {
  name: 'Asia eSIM',
  dataMb: 5000,
  days: 7,
  price: 990,
  currency: 'USD',
  networks: [{ country: 'JP', operators: ['SoftBank', 'KDDI'] }],
  hotspot: true,
  validityStarts: 'first-connection',
  url: 'https://shop.example/uni/pages/goods/goods?id=3',
};

describe('units and currencies, spelled out', () => {
  it('says money with the currency\'s name in both languages', () => {
    expect(moneyText(990, 'USD', 'en')).toBe('9.90 US dollars');
    expect(moneyText(6805, 'CNY', 'en')).toBe('68.05 Chinese yuan');
    expect(moneyText(990, 'USD', 'zh-Hans')).toBe('9.90 美元');
    expect(moneyText(6800, 'CNY', 'zh-Hans')).toBe('68.00 元人民币');
  });

  it('says data in MB below a GB, in GB above, and unlimited in words', () => {
    expect(dataText(500, 'en')).toBe('500 MB');
    expect(dataText(5000, 'en')).toBe('5 GB');
    expect(dataText(1500, 'en')).toBe('1.5 GB');
    expect(dataText(null, 'en')).toBe('unlimited data');
    expect(dataText(null, 'zh-Hans')).toBe('不限流量');
  });
});

describe('find_plans', () => {
  it('lists each plan with allowance, price, networks, when days start and the link', () => {
    const text = plansText({ destinations: ['JP'], unknown: [], days: 7, mb: 0, plans: [asia, { ...asia, name: 'Global eSIM', dataMb: null, days: 15, price: 1290, hotspot: false }] }, 'en');
    expect(text.split('\n')).toEqual([
      '2 plans cover Japan for 7 days or more, cheapest first:',
      '1. Asia eSIM, 5 GB for 7 days: 9.90 US dollars. Networks: Japan: SoftBank, KDDI. The days start when it first connects at the destination. Hotspot allowed. https://shop.example/uni/pages/goods/goods?id=3',
      '2. Global eSIM, unlimited data for 15 days: 12.90 US dollars. Networks: Japan: SoftBank, KDDI. The days start when it first connects at the destination. No hotspot. https://shop.example/uni/pages/goods/goods?id=3',
    ]);
  });

  it('in Chinese', () => {
    const text = plansText({ destinations: ['JP', 'KR'], unknown: [], days: 7, mb: 3000, plans: [asia] }, 'zh-Hans');
    expect(text.split('\n')).toEqual([
      '共有 1 个套餐覆盖日本、韩国，可用 7 天或以上，流量至少 3 GB，按价格从低到高：',
      '1. Asia eSIM，7 天 5 GB：9.90 美元。网络：日本：SoftBank、KDDI。到达目的地首次联网时开始计算天数。支持热点共享。https://shop.example/uni/pages/goods/goods?id=3',
    ]);
  });

  it('says why there is none, and names what it did not know', () => {
    expect(plansText({ destinations: ['JP', 'KR'], unknown: ['Atlantis'], days: 40, mb: 50000, plans: [] }, 'en')).toBe(
      'Not a destination the shop knows: Atlantis.\nNo plan on sale covers Japan and South Korea for 40 days with 50 GB. Try fewer days or less data, or two plans one after the other.',
    );
    expect(plansText({ destinations: ['JP'], unknown: [], days: 40, mb: 50000, plans: [] }, 'zh-Hans')).toBe('目前没有在售套餐能覆盖日本并使用 40 天，流量至少 50 GB。可减少天数或流量，或先后使用两个套餐。');
    expect(plansText({ destinations: [], unknown: ['Atlantis'], days: 4, mb: 0, plans: [] }, 'zh-Hans')).toBe('本店不认识这些目的地：Atlantis。\n请以国家或地区名称说明目的地，例如“日本”或“JP”。');
  });
});

describe('check_esim_support', () => {
  it('a supported model: yes with the unlock caveat', () => {
    const en = esimCheck('pixel 7', 'en');
    expect(en.structured).toMatchObject({ answer: 'yes', device: { brand: 'Google', model: 'Pixel 7' }, reason: null });
    expect(en.text).toBe('Yes: the Google Pixel 7 supports eSIM. The phone must also be carrier-unlocked (not tied to one carrier).');
    expect(esimCheck('Pixel 7', 'zh-Hans').text).toBe('支持：Google Pixel 7 支持 eSIM。手机还需为无锁版（未绑定运营商）。');
  });

  it('a model without eSIM: no, with the reason and no caveat', () => {
    const en = esimCheck('iPhone X', 'en');
    expect(en.structured).toMatchObject({ answer: 'no', device: { model: 'iPhone X' }, caveat: null });
    expect(en.text).toBe('No: the Apple iPhone X has no eSIM. This model has no eSIM hardware; use a physical SIM card.');
    expect(esimCheck('iPhone X', 'zh-Hans').text).toBe('不支持：Apple iPhone X 不支持 eSIM。该机型没有 eSIM 硬件，请使用实体 SIM 卡。');
  });

  it('a model that depends on where it was bought says why', () => {
    const en = esimCheck('iPhone 15', 'en');
    expect(en.structured.answer).toBe('depends');
    expect(en.text).toMatch(/^It depends on the model: the Apple iPhone 15 supports eSIM only in some versions\. The US model is eSIM-only; .*mainland China.* carrier-unlocked/);
    expect(esimCheck('iPhone 15', 'zh-Hans').text).toMatch(/^视版本而定：Apple iPhone 15 仅部分版本支持 eSIM。美版仅支持 eSIM；/);
  });

  it('an unknown model, or one name for models that answer differently: unknown', () => {
    expect(esimCheck('Nokia 3310', 'en')).toMatchObject({ structured: { answer: 'unknown', device: null, otherMatches: [] } });
    expect(esimCheck('Nokia 3310', 'en').text).toBe('Unknown: no model in the shop\'s list matches "Nokia 3310". To check on the device itself, dial *#06#: if an EID is shown, it supports eSIM.');
    expect(esimCheck('Nokia 3310', 'zh-Hans').text).toBe('未知：本店的机型列表中没有与“Nokia 3310”匹配的型号。可在设备上拨打 *#06# 自查：如果显示 EID，即支持 eSIM。');
    const galaxy = esimCheck('Galaxy S2', 'en');
    expect(galaxy.structured.answer).toBe('unknown');
    expect(galaxy.text).toMatch(/^Unknown: "Galaxy S2" matches several models with different answers: Samsung Galaxy S20 \(depends\), .*\. Ask which one\.$/);
  });
});

describe('install_guide', () => {
  it('gives numbered steps for the system, then the notes, in both languages', () => {
    const en = installText({ os: 'ios', steps: installSteps('ios', 'en'), notes: installNotes('en'), esim: null }, 'en').split('\n');
    expect(en[0]).toBe('Installing an eSIM on iPhone (iOS):');
    expect(en[1]).toMatch(/^1\. Connect to Wi-Fi/);
    expect(en[2]).toContain('Settings › Mobile Service (Cellular) › Add eSIM');
    expect(en).toHaveLength(1 + 4 + 3);
    const zh = installText({ os: 'android', steps: installSteps('android', 'zh-Hans'), notes: installNotes('zh-Hans'), esim: '不支持：Apple iPhone X 不支持 eSIM。' }, 'zh-Hans').split('\n');
    expect(zh[0]).toBe('不支持：Apple iPhone X 不支持 eSIM。');
    expect(zh[1]).toBe('在安卓上安装 eSIM：');
    expect(zh[3]).toBe('2. 打开 设置 › 网络和互联网（或 连接）› SIM 卡。');
  });
});

describe('apn_settings', () => {
  const softbank = { operator: 'SoftBank', country: 'JP', apn: 'plus.4g', username: 'plus', password: '4g' };
  it('lists each APN with its login, after when to use one', () => {
    expect(apnText({ items: [softbank, { operator: 'KT', country: 'KR', apn: 'lte.ktfwing.com', username: null, password: null }], destination: null, operator: null }, 'en')).toBe(
      'Enter an APN only when the phone shows signal but has no data with data roaming on:\n- Japan, SoftBank: APN plus.4g, user name plus, password 4g\n- South Korea, KT: APN lte.ktfwing.com',
    );
    expect(apnText({ items: [softbank], destination: 'JP', operator: null }, 'zh-Hans')).toBe('仅当手机有信号、已开启数据漫游仍无法上网时才需要填写 APN：\n- 日本 SoftBank：APN plus.4g，用户名 plus，密码 4g');
  });
  it('says the network sets it when none is listed', () => {
    expect(apnText({ items: [], destination: 'FR', operator: 'Free' }, 'en')).toBe('No APN is listed for France, Free: the network sets it over the air. Turn data roaming on for the eSIM and restart the phone.');
    expect(apnText({ items: [], destination: null, operator: null }, 'zh-Hans')).toBe('没有 APN 记录：网络会自动下发设置。请为该 eSIM 开启数据漫游并重启手机。');
  });
});

describe('shop_contact', () => {
  it('says the days as runs and the hours in words', () => {
    expect(contactHoursText({ days: [1, 2, 3, 4, 5, 6], open: '11:00', close: '19:00' }, 'en')).toBe('Monday to Saturday, 11:00 to 19:00');
    expect(contactHoursText({ days: [1, 3], open: '09:00', close: '17:00' }, 'zh-Hans')).toBe('周一、周三 09:00至17:00');
    const week = [[{ open: '10:00', close: '20:00' }], [{ open: '10:00', close: '20:00' }], [{ open: '10:00', close: '20:00' }], [{ open: '10:00', close: '20:00' }], [{ open: '10:00', close: '20:00' }], [{ open: '11:00', close: '18:00' }], []];
    expect(weeklyHoursText(week, 'en')).toBe('Monday to Friday 10:00 to 20:00; Saturday 11:00 to 18:00; Sunday closed');
    expect(weeklyHoursText(week, 'zh-Hans')).toBe('周一至周五 10:00至20:00；周六 11:00至18:00；周日 休息');
  });

  it('names the channels there are, the hours and the stores', () => {
    const answer = { phone: '+852 1234 5678', email: 'help@simshop.example', wechatId: null, address: null, hoursText: 'Monday to Saturday, 11:00 to 19:00', stores: [{ name: 'Central', address: '1 Queen\'s Road', city: 'Hong Kong', phone: '+852 2222 3333', hoursText: 'Monday to Sunday 10:00 to 20:00' }] };
    expect(contactText(answer, 'en')).toBe(
      'Reach the shop by phone +852 1234 5678; email help@simshop.example.\nCustomer service answers Monday to Saturday, 11:00 to 19:00 (the shop\'s local time).\nStores:\n- Central, 1 Queen\'s Road, Hong Kong. Phone +852 2222 3333. Open Monday to Sunday 10:00 to 20:00.',
    );
    expect(contactText({ ...answer, phone: null, email: null, stores: [], hoursText: '周一至周六 11:00至19:00' }, 'zh-Hans')).toBe('本店尚未公布电话、邮箱或地址。\n客服时间：周一至周六 11:00至19:00（本店当地时间）。');
  });
});
