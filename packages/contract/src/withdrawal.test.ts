import { describe, expect, it } from 'vitest';
import { isDigitalContentKind, isEuCountry, withdrawalVerdict, WITHDRAWAL_DAYS, type WithdrawalFacts } from './withdrawal.ts';

const DAY = 86_400_000;
const paidAt = Date.UTC(2026, 11, 1, 10);
const esim: WithdrawalFacts = { euConsumer: true, status: 'delivered', paidAt, receivedAt: null, kinds: ['esim'], consentAt: paidAt - 60_000, supplied: false, withdrawnAt: null };
const sim: WithdrawalFacts = { ...esim, kinds: ['sim'], status: 'shipped', consentAt: null };

describe('who is an EU consumer', () => {
  it('knows the member states and the EEA, by code or by an address name', () => {
    for (const c of ['DE', 'FR', 'GR', 'IE', 'NO', 'IS', 'LI', 'Germany', '德国', 'de']) expect(isEuCountry(c), c).toBe(true);
    for (const c of ['CH', 'GB', 'US', 'CN', 'HK', 'EL', '', null, undefined, 'Nowhere']) expect(isEuCountry(c), String(c)).toBe(false);
  });

  it('counts content delivered online, not a balance top-up or a service', () => {
    expect(['esim', 'esim_addon', 'ecode', 'recharge'].every(isDigitalContentKind)).toBe(true);
    expect(['topup', 'service', 'sim'].some(isDigitalContentKind)).toBe(false);
  });
});

describe('the withdrawal rule', () => {
  it('refunds digital content within 14 days of the payment while it is not supplied', () => {
    expect(withdrawalVerdict(esim, paidAt + 3 * DAY)).toEqual({ until: paidAt + WITHDRAWAL_DAYS * DAY, kind: 'refund' });
    expect(withdrawalVerdict(esim, paidAt + 14 * DAY)).toEqual({ until: paidAt + 14 * DAY, kind: 'refund' });
    expect(withdrawalVerdict(esim, paidAt + 14 * DAY + 1)).toEqual({ refused: 'expired' });
    // A completed order is still within its 14 days.
    expect(withdrawalVerdict({ ...esim, status: 'completed' }, paidAt + 10 * DAY)).toMatchObject({ kind: 'refund' });
  });

  it('is lost once consented content is supplied, not without the consent', () => {
    expect(withdrawalVerdict({ ...esim, supplied: true }, paidAt + DAY)).toEqual({ refused: 'right_lost' });
    expect(withdrawalVerdict({ ...esim, supplied: true, consentAt: null }, paidAt + DAY)).toMatchObject({ kind: 'refund' });
    // Paid but not yet issued: nothing is supplied.
    expect(withdrawalVerdict({ ...esim, status: 'paid' }, paidAt + DAY)).toMatchObject({ kind: 'refund' });
  });

  it('runs for goods from their delivery: open while on their way, 14 days after they arrive', () => {
    expect(withdrawalVerdict(sim, paidAt + 30 * DAY)).toEqual({ until: null, kind: 'return' });
    const receivedAt = paidAt + 20 * DAY;
    const received = { ...sim, status: 'received' as const, receivedAt };
    expect(withdrawalVerdict(received, receivedAt + 13 * DAY)).toEqual({ until: receivedAt + 14 * DAY, kind: 'return' });
    expect(withdrawalVerdict(received, receivedAt + 15 * DAY)).toEqual({ refused: 'expired' });
    // Goods with content: both periods hold, the earlier ends it; staff take the return.
    const mixed = { ...received, kinds: ['sim', 'esim'], consentAt: paidAt };
    expect(withdrawalVerdict(mixed, paidAt + 10 * DAY)).toEqual({ until: paidAt + 14 * DAY, kind: 'return' });
    expect(withdrawalVerdict(mixed, paidAt + 15 * DAY)).toEqual({ refused: 'expired' });
  });

  it('is not offered outside the EU, unpaid, refunded, withdrawn already, or for a service', () => {
    const now = paidAt + DAY;
    for (const facts of [
      { ...esim, euConsumer: false },
      { ...esim, paidAt: null, status: 'unpaid' as const },
      { ...esim, status: 'unpaid' as const },
      { ...esim, status: 'to_be_refunded' as const },
      { ...esim, status: 'refunded' as const },
      { ...esim, status: 'invalid' as const },
      { ...esim, withdrawnAt: now - 1 },
      { ...esim, kinds: ['service'] },
      { ...esim, kinds: ['esim', 'service'] },
      { ...esim, kinds: [] },
    ])
      expect(withdrawalVerdict(facts, now)).toEqual({ refused: 'not_offered' });
  });
});
