import { ActivationStatus, type EsimSummary, type EsimUsage } from '@simshop/contract';

/** Where the eSIM stands with the phone: still to install, on a phone, or taken off it. */
export function installStateOf(e: Pick<EsimSummary, 'added' | 'activationStatus'>): 'install' | 'installed' | 'removed' {
  if (e.activationStatus === ActivationStatus.removed) return 'removed';
  if (e.added || e.activationStatus === ActivationStatus.installed || e.activationStatus === ActivationStatus.enabled || e.activationStatus === ActivationStatus.disabled) return 'installed';
  return 'install';
}

export type EsimState = 'install' | 'active' | 'installed' | 'used-up' | 'expired' | 'removed' | 'refunded';

/**
 * The one state a traveller reads for an eSIM, the plan's end first: refunded or removed, then
 * expired or used up, then whether it still needs installing, then active. `usage` is null when
 * the plan is not known (or, in a copy saved before it was shown, missing).
 */
export function esimStateOf(e: Pick<EsimSummary, 'added' | 'activationStatus' | 'status'>, usage: EsimUsage | null): EsimState {
  if (e.status === 'discarded' || e.status === 'recycled') return 'refunded';
  const install = installStateOf(e);
  if (install === 'removed' || e.status === 'removed') return 'removed';
  if (usage?.state === 'expired') return 'expired';
  if (usage?.state === 'used-up') return 'used-up';
  if (install === 'install') return 'install';
  return usage?.state === 'active' ? 'active' : 'installed';
}

/** What each state asks of the traveller, as a colour (global.css tones): act, fine, a problem, over. */
export const ESIM_STATE_TONE: Record<EsimState, 'action' | 'done' | 'problem' | 'closed'> = {
  install: 'action',
  active: 'done',
  installed: 'done',
  'used-up': 'problem',
  expired: 'closed',
  removed: 'closed',
  refunded: 'closed',
};
