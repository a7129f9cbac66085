import type { EsimUsage } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import { plannedEsimsAfter } from './esim-watch.repository.ts';
import { esimWithQueue } from './esim.service.ts';

/** One page of owned eSIMs whose plan may still run, for rules that watch them (usage alerts). */
export async function plannedEsims(db: Executor, input: { afterId: number; since: number; limit: number }): Promise<Array<{ id: number; userId: number }>> {
  return (await plannedEsimsAfter(db, input)).map((r) => ({ id: r.id, userId: r.user_id! }));
}

/**
 * An eSIM's usage now, as its page shows it (the network asked, delivered add-ons counted), and
 * a key naming its plan with those add-ons: `p0` as bought, `p1` after the first add-on, …
 * Null when it has no plan to count or is no longer the owner's.
 */
export async function esimPlanNow(db: Executor, carrier: CarrierProvider | null, esim: { id: number; userId: number }, now: number): Promise<{ usage: EsimUsage; planKey: string } | null> {
  try {
    const { usage, packages } = await esimWithQueue(db, carrier, esim.userId, esim.id, 'en', now);
    if (!usage) return null;
    return { usage, planKey: `p${packages.filter((p) => p.kind === 'addon' && p.state !== 'being-added').length}` };
  } catch (err) {
    // Taken back or refunded since the page was read: nothing to watch.
    if (err instanceof AppError) return null;
    throw err;
  }
}
