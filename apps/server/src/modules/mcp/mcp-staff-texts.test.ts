import { describe, expect, it } from 'vitest';
import { historyText, noteText, queuesText, roleRefusalText, salesText, type HistoryFacts, type Queues } from './mcp-staff-texts.ts';

/** What the staff tools say to an assistant: counts with what they count, amounts with their currency, both languages. */
const order = { orderNo: 'SS20261203101500ABC123', status: 'paid' as const, createdAt: Date.UTC(2026, 11, 3, 9), paidAt: Date.UTC(2026, 11, 3, 10), total: 1290, currency: 'USD' as const, customer: 'ana@example.com', items: ['Japan eSIM 3 GB ×1'], kinds: ['esim' as const] };
const empty = { count: 0, orders: [] };

describe('staff tool texts', () => {
  it('orders_needing_action names each queue with its count and each order with status, total in words and customer', () => {
    const queues: Queues = { toShip: empty, refundsToDecide: { count: 1, orders: [{ ...order, status: 'to_be_refunded' }] }, notIssued: { count: 3, orders: [order] } };
    expect(queuesText(queues, 'en')).toBe(
      [
        'To ship: 0 paid orders with a parcel.',
        'Refunds to decide: 1 request:',
        '- SS20261203101500ABC123, Refund pending, 12.90 US dollars, paid 2026-12-03, ana@example.com: Japan eSIM 3 GB ×1',
        'Paid but not issued (fulfilment failed or waiting): 3 digital orders (the 1 waiting longest below):',
        '- SS20261203101500ABC123, Paid (eSIM being issued), 12.90 US dollars, paid 2026-12-03, ana@example.com: Japan eSIM 3 GB ×1',
      ].join('\n'),
    );
    expect(queuesText(queues, 'zh-Hans')).toContain('待审核退款：1 个申请：');
    expect(queuesText(queues, 'zh-Hans')).toContain('12.90 美元');
    expect(queuesText({ toShip: empty, refundsToDecide: empty, notIssued: empty }, 'en')).toBe('Nothing is waiting: no parcel to ship, no refund to decide, no paid order left unissued.');
  });

  it('customer_history says who, then orders, eSIMs and messages with their counts', () => {
    const h: HistoryFacts = {
      customer: { id: 7, email: 'ana@example.com', tel: null, nickname: 'Ana', status: 'active' },
      orders: [{ orderNo: order.orderNo, status: 'completed', createdAt: order.createdAt, total: 6800, currency: 'CNY', firstItem: 'Japan eSIM 3 GB' }],
      orderCount: 4,
      esims: [{ esimId: 12, name: 'Japan eSIM', iccid: '8986001', activationText: 'Activated', orderNo: order.orderNo }],
      esimCount: 1,
      messages: [{ from: 'customer', text: 'No data in Tokyo', at: order.createdAt }],
    };
    expect(historyText(h, 'en')).toBe(
      [
        'Customer #7: Ana, ana@example.com (account active).',
        'Newest orders (1 of 4):',
        '- SS20261203101500ABC123 on 2026-12-03: Completed, 68.00 Chinese yuan, Japan eSIM 3 GB',
        'eSIMs (1 of 1):',
        '- #12 Japan eSIM (ICCID 8986001): Activated, order SS20261203101500ABC123',
        'Newest messages, oldest first:',
        '- 2026-12-03 customer: No data in Tokyo',
      ].join('\n'),
    );
    expect(historyText({ ...h, orders: [], esims: [], messages: [] }, 'zh-Hans')).toBe(['顾客 #7：Ana, ana@example.com（账号状态：active）。', '没有订单。', '没有 eSIM。', '没有与本店的消息。'].join('\n'));
  });

  it('sales_figures gives each currency apart, gross, refunds and net spelled out', () => {
    const period = { from: '2026-12-01', to: '2026-12-03', timeZone: 'Asia/Shanghai' };
    const rows = [
      { currency: 'USD' as const, orders: 2, gross: 2580, refunds: 1290, net: 1290 },
      { currency: 'CNY' as const, orders: 0, gross: 0, refunds: 0, net: 0 },
    ];
    expect(salesText(period, rows, 'en')).toBe(
      ['Sales from 2026-12-01 to 2026-12-03 (days in Asia/Shanghai):', '- USD: 2 paid orders, gross 25.80 US dollars, refunds 12.90 US dollars, net 12.90 US dollars', 'Amounts in different currencies are not added up.'].join('\n'),
    );
    expect(salesText(period, rows, 'zh-Hans')).toContain('- USD：已付款订单 2 个，销售额 25.80 美元，退款 12.90 美元，净销售额 12.90 美元');
    expect(salesText(period, [rows[1]!], 'en')).toBe('Sales from 2026-12-01 to 2026-12-03 (days in Asia/Shanghai):\nNo paid orders and no refunds in this period.');
  });

  it('add_order_note says whose note it is and who sees it; a refusal names the role and the permission', () => {
    expect(noteText(order.orderNo, 'ops@simshop.local (assistant "Desk")', 'en')).toBe('Note added to order SS20261203101500ABC123 by ops@simshop.local (assistant "Desk"). Colleagues see it in the console; the customer does not.');
    expect(noteText(order.orderNo, 'ops@simshop.local', 'zh-Hans')).toBe('ops@simshop.local 已为订单 SS20261203101500ABC123 添加备注。同事可在后台看到，顾客看不到。');
    expect(roleRefusalText('finance', 'messages.read', 'zh-Hans')).toBe('您的后台角色（财务）不允许此操作：需要权限“messages.read”。请联系店主。');
  });
});
