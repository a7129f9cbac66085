import { ActivationStatus, type EsimUsage } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { ESIM_STATE_TONE, esimStateOf, installStateOf } from './esim-state';

const usage = (state: EsimUsage['state']): EsimUsage => ({ dataMb: 5000, validityDays: 7, validityStarts: 'first-connection', usedMb: 0, leftMb: 5000, startedAt: null, expiresAt: null, daysLeft: 7, state, checkedAt: 0 });
const esim = (over: Partial<{ added: boolean; activationStatus: ActivationStatus; status: 'assigned' | 'removed' | 'discarded' | 'recycled' | 'unassigned' }> = {}) => ({ added: false, activationStatus: ActivationStatus.unactivated, status: 'assigned' as const, ...over });

describe('the state a traveller reads for an eSIM', () => {
  it('asks for the install until a phone has it, then says whether the plan runs', () => {
    expect(esimStateOf(esim(), usage('not-started'))).toBe('install');
    expect(esimStateOf(esim(), null)).toBe('install');
    expect(esimStateOf(esim({ activationStatus: ActivationStatus.installed }), usage('active'))).toBe('active');
    expect(esimStateOf(esim({ added: true }), usage('not-started'))).toBe('installed');
    expect(esimStateOf(esim({ activationStatus: ActivationStatus.enabled }), usage('unknown'))).toBe('installed');
  });

  it('puts the end of the plan first: refunded, removed, expired, used up', () => {
    expect(esimStateOf(esim({ status: 'discarded' }), null)).toBe('refunded');
    expect(esimStateOf(esim({ status: 'recycled', activationStatus: ActivationStatus.removed }), null)).toBe('refunded');
    expect(esimStateOf(esim({ activationStatus: ActivationStatus.removed }), usage('active'))).toBe('removed');
    expect(esimStateOf(esim({ status: 'removed' }), usage('active'))).toBe('removed');
    // Never installed and its days are over (they started at the purchase): expired, not "install".
    expect(esimStateOf(esim(), usage('expired'))).toBe('expired');
    expect(esimStateOf(esim({ added: true }), usage('used-up'))).toBe('used-up');
  });

  it('gives each state a tone that means something', () => {
    expect(ESIM_STATE_TONE).toEqual({ install: 'action', active: 'done', installed: 'done', 'used-up': 'problem', expired: 'closed', removed: 'closed', refunded: 'closed' });
    expect(installStateOf(esim({ activationStatus: ActivationStatus.disabled }))).toBe('installed');
  });
});
