import { confirmsDeletion, deletionConfirmText, myDataFileName } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { exportMoney, isoDate, myDataDocument, type MyDataSources } from './my-data-document.ts';

const empty: MyDataSources = {
  account: { id: 7, email: 'a@example.com', tel: null, nickname: 'Ann', name: '', avatar: null, user_type: 4, role: 1, created_at: Date.UTC(2026, 0, 2, 3, 4, 5) },
  reseller: false,
  wechatLinked: false,
  addresses: [],
  orders: [],
  esims: [],
  messages: [],
  balances: [],
  ledger: [],
  devices: [],
};

describe('the data export as a person reads it', () => {
  it('writes amounts as decimals with their currency, exactly', () => {
    expect(exportMoney(990, 'USD')).toEqual({ amount: '9.90', currency: 'USD' });
    expect(exportMoney(-1250, 'CNY')).toEqual({ amount: '-12.50', currency: 'CNY' });
    expect(exportMoney(5, 'USD')).toEqual({ amount: '0.05', currency: 'USD' });
    expect(exportMoney(0, 'USD')).toEqual({ amount: '0.00', currency: 'USD' });
  });

  it('writes dates in ISO 8601 and statuses with their text in the language asked for', () => {
    expect(isoDate(Date.UTC(2026, 11, 2, 8, 30))).toBe('2026-12-02T08:30:00.000Z');
    const order = { id: 1, order_no: 'N1', user_id: 7, status: 'delivered', reseller: 0, currency: 'USD', subtotal: 1999, freight: 0, service_fee: 90, discount: 100, total: 1989, remark: '', address: null, address_modifiable: 0, physical: 0, pay_method: 'card', payment_trans_id: null, paid_at: 1, refund_id: null, refund_reason: null, refund_note: null, refund_amount: null, carrier: null, tracking_no: null, shipped_at: null, received_at: null, expires_at: null, created_at: 0, updated_at: 0, pickup_store_id: null, merchant_id: 1, checkout_id: null, placed_by_client: null } as const;
    const item = { id: 1, order_id: 1, product_id: 1, sku_id: 1, kind: 'esim', name_en: 'Asia eSIM', name_zh: '亚洲eSIM', options: '[{"en":"10GB","zh":"10GB"}]', images: '', unit_price: 1999, quantity: 1, amount: 1999, inputs: '{}', required_inputs: '[]', stock_reserved: 0 } as const;
    const zh = myDataDocument({ ...empty, orders: [{ order, items: [item] }], ledger: [{ id: 1, user_id: 7, currency: 'USD', amount: -1989, balance_after: 0, reason: 'order', order_id: 1, created_at: 0 }] }, 'zh-Hans', 0);
    expect(zh.account).toMatchObject({ createdAt: '2026-01-02T03:04:05.000Z', accountType: { code: '4', text: '邮箱账号' } });
    expect(zh.orders[0]).toMatchObject({ status: { code: 'delivered' }, total: { amount: '19.89', currency: 'USD' }, paymentFee: { amount: '0.90' }, refund: null, items: [{ name: { en: 'Asia eSIM', zh: '亚洲eSIM' }, options: [{ en: '10GB', zh: '10GB' }] }] });
    expect(zh.orders[0]!.status.text).not.toBe('delivered');
    expect(zh.ledger[0]).toEqual({ at: '1970-01-01T00:00:00.000Z', change: { amount: '-19.89', currency: 'USD' }, balanceAfter: { amount: '0.00', currency: 'USD' }, reason: 'order', orderNo: 'N1' });
    expect(myDataDocument(empty, 'en', 0).account.accountType.text).toBe('Email account');
  });

  it('names the file after the day of the export', () => {
    expect(myDataFileName('2026-12-02T23:59:59.000Z')).toBe('simshop-my-data-2026-12-02.json');
  });

  it('confirms a deletion with the account as shown: e-mail, else phone, else the id', () => {
    expect(deletionConfirmText({ id: 3, email: 'A@b.co', tel: '13800138000' })).toBe('A@b.co');
    expect(deletionConfirmText({ id: 3, email: null, tel: '13800138000' })).toBe('13800138000');
    expect(deletionConfirmText({ id: 3, email: null, tel: null })).toBe('#3');
    expect(confirmsDeletion({ id: 3, email: 'a@b.co', tel: null }, '  A@B.CO ')).toBe(true);
    expect(confirmsDeletion({ id: 3, email: 'a@b.co', tel: null }, 'a@b.c')).toBe(false);
  });
});
