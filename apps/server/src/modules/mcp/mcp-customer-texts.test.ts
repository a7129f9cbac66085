import { ActivationStatus, OrderStatus } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { activeText, checklistText, esimsText, expiredText, ordersText, usedUpText, type EsimLine } from './mcp-customer-texts.ts';

const japan: EsimLine = {
  esimId: 12,
  name: 'Japan eSIM',
  plan: ['5 GB', '7 days'],
  iccid: '8981100000000000012',
  installed: true,
  activationStatus: ActivationStatus.enabled,
  state: 'active',
  dataLeftMb: 3200,
  dataTotalMb: 5000,
  unlimited: false,
  daysLeft: 4,
};

describe('the customer tools\' texts: units and currencies spelled out, both languages', () => {
  it('my_esims says data left of the allowance and days left, or unknown, or unlimited', () => {
    expect(esimsText([japan], 1, 'en')).toBe('Your eSIMs (1 of 1):\n- #12 Japan eSIM 5 GB 7 days (ICCID 8981100000000000012): installed; Enabled; in use; 3.2 GB of 5 GB data left, 4 days left');
    expect(esimsText([{ ...japan, unlimited: true, dataLeftMb: null, dataTotalMb: null, daysLeft: 1 }], 3, 'en')).toContain('unlimited data, 1 day left');
    expect(esimsText([{ ...japan, state: 'unknown', installed: false }], 1, 'en')).toContain('not installed; Enabled; usage unknown; data and days left unknown');
    expect(esimsText([japan], 1, 'zh-Hans')).toContain('剩余流量 3.2 GB（共 5 GB），剩余 4 天');
    expect(esimsText([], 0, 'en')).toBe('You have no eSIMs in your SimShop account.');
    expect(esimsText([], 0, 'zh-Hans')).toBe('您的 SimShop 账号中没有 eSIM。');
  });

  it('my_orders says each order\'s status in words and its total with the currency\'s name', () => {
    const order = { orderNo: 'SO202612030001', status: OrderStatus.paid, createdAt: Date.UTC(2026, 11, 3), total: 990, currency: 'USD' as const, items: ['Asia eSIM 5 GB ×1'], kinds: ['esim' as const] };
    expect(ordersText([order], 4, 'en')).toBe('Your newest orders (1 of 4):\n- Order SO202612030001 of 2026-12-03: Paid (eSIM being issued), total 9.90 US dollars; Asia eSIM 5 GB ×1');
    expect(ordersText([{ ...order, currency: 'CNY', total: 6800 }], 1, 'zh-Hans')).toBe('您最近的订单（共 1 笔，列出 1 笔）：\n- 订单 SO202612030001（2026-12-03）：已付款（eSIM 发放中），合计 68.00 元人民币；Asia eSIM 5 GB ×1');
    expect(ordersText([], 0, 'en')).toBe('You have no orders at SimShop.');
  });

  it('why_no_data counts the problems and marks each line', () => {
    const checks = [
      { check: 'installed', result: 'ok' as const, text: 'The eSIM was installed on 2026-12-01.' },
      { check: 'plan', result: 'problem' as const, text: expiredText(Date.UTC(2026, 11, 2), 'en') },
      { check: 'apn', result: 'to-check' as const, text: 'If there is signal but still no data, set the APN (see apn_settings).' },
    ];
    expect(checklistText('Japan eSIM (ICCID 89811)', checks, 'en')).toBe(
      'Checklist for Japan eSIM (ICCID 89811): 1 problem found.\n- OK: The eSIM was installed on 2026-12-01.\n- Problem: The plan expired on 2026-12-02: buy a new plan or add data.\n- Check: If there is signal but still no data, set the APN (see apn_settings).',
    );
    expect(checklistText('Japan eSIM', checks.slice(0, 1), 'zh-Hans')).toBe('Japan eSIM 的检查清单：本店这边一切正常，请检查手机设置。\n- 正常：The eSIM was installed on 2026-12-01.');
    expect(usedUpText(5000, 'en')).toBe('All 5 GB of data is used: add data or buy a new plan.');
    expect(usedUpText(5000, 'zh-Hans')).toBe('5 GB 流量已全部用完：请加购流量或购买新套餐。');
    expect(activeText(japan, 'en')).toBe('The plan is in use: 3.2 GB of 5 GB data left, 4 days left.');
  });
});
