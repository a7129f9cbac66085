import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { serverErrors } from '@simshop/contract';
import { confirmText, previewText } from './mcp-purchase-tools.ts';
import { refusalOf } from './mcp-refusals.ts';
import type { PreviewAnswer } from './mcp-purchase.service.ts';

/** What the buying tools say to an assistant: amounts with their currency, the next step, in both languages. */
const preview: PreviewAnswer = {
  previewToken: 'pv_abc',
  expiresAt: 0,
  productId: 1,
  skuId: 2,
  kind: 'esim',
  name: 'Asia eSIM 5GB 7 days',
  esimId: null,
  quantity: 1,
  unitPrice: 990,
  total: 990,
  currency: 'USD',
  balanceBefore: 5000,
  balanceAfter: 4010,
  dailyAmount: 2500,
  spentToday: 0,
  payable: true,
};

describe('purchase tool texts', () => {
  it('a preview says what, the total, the balance before and after, the daily amount and the next step', () => {
    expect(previewText(preview, 'en')).toBe(
      [
        'Preview (nothing bought yet): 1 × Asia eSIM 5GB 7 days at 9.90 US dollars each, total 9.90 US dollars, paid from the balance.',
        'Balance 50.00 US dollars now, 40.10 US dollars after.',
        'Daily amount allowed: 25.00 US dollars, 0.00 US dollars spent today.',
        'Ask the customer; once they agree, call confirm_purchase with previewToken "pv_abc" (valid 15 minutes).',
      ].join('\n'),
    );
    expect(previewText({ ...preview, currency: 'CNY', esimId: 7, payable: false }, 'zh-Hans')).toContain('为 eSIM #7 加购流量');
    expect(previewText({ ...preview, payable: false }, 'zh-Hans')).toContain('目前无法确认：余额不足或超出每日额度。');
    expect(previewText({ ...preview, balanceBefore: null, balanceAfter: null, payable: false }, 'en')).toContain('There is no balance in USD: it cannot be paid.');
  });

  it('a confirm names the order and the amount paid; a repeated one says nothing new was bought', () => {
    const bought = { orderNo: 'N123', status: 'delivered' as const, total: 990, currency: 'USD' as const, balanceAfter: 4010, alreadyConfirmed: false };
    expect(confirmText(bought, 'en')).toBe('Bought: order N123, 9.90 US dollars paid from the balance. Balance now 40.10 US dollars. See it with my_orders; a new eSIM appears in my_esims.');
    expect(confirmText({ ...bought, alreadyConfirmed: true }, 'zh-Hans')).toMatch(/^此预览已确认过：订单 N123，9\.90 美元。未重复购买。/);
  });

  it('a refusal is the catalogue\'s text with its values and code', () => {
    const err = new AppError(serverErrors.mcpDailyAmountExceeded, 'previewToken', { amount: '9.90 US dollars', limit: '15.00 US dollars', spent: '9.90 US dollars' });
    expect(refusalOf(err, 'en')).toEqual({ text: 'This purchase of 9.90 US dollars would pass the 15.00 US dollars a day the customer allowed this assistant (9.90 US dollars spent today): nothing was bought (error 1701).', error: true });
    expect(refusalOf(new Error('x'), 'en')).toBeNull();
  });
});
