import { describe, expect, it } from 'vitest';
import { packageQueue, planUsage, withAddons, type PlanFacts, type QueuedPackage } from './esim-usage.ts';

const DAY = 86_400_000;
const t0 = Date.UTC(2026, 11, 2, 14, 5);
const plan: PlanFacts = { dataMb: 1000, validityDays: 7, validityStarts: 'first-connection' };
const pkg = (over: Partial<QueuedPackage>): QueuedPackage => ({ kind: 'addon', name: 'Add-on', dataMb: 1000, validityDays: 3, boughtAt: t0, delivered: true, ...over });

describe('withAddons', () => {
  it('adds the data and the days of each add-on; one unlimited makes the whole unlimited', () => {
    expect(withAddons(plan, [{ dataMb: 500, validityDays: 3 }, { dataMb: 2000, validityDays: 7 }])).toEqual({ dataMb: 3500, validityDays: 17, validityStarts: 'first-connection' });
    expect(withAddons(plan, [{ dataMb: null, validityDays: 1 }]).dataMb).toBeNull();
    expect(withAddons(plan, [])).toEqual(plan);
  });
});

describe('packageQueue', () => {
  // Started two days ago, 1500 MB used: 750 MB a day.
  const started = t0 - 2 * DAY;
  const facts = withAddons(plan, [{ dataMb: 1000, validityDays: 3 }]);
  const usage = planUsage({ plan: facts, deliveredAt: started, installedAt: null, network: { usedMb: 1500, firstAttachAt: started }, now: t0 });
  const queue = [pkg({ kind: 'plan', name: 'Plan', validityDays: 7, boughtAt: started }), pkg({}), pkg({ name: 'Paid', delivered: false })];

  it('uses the plan first, then the add-on; predicts when each runs out at the use so far', () => {
    const [first, second, third] = packageQueue(queue, usage, t0);
    expect(usage.expiresAt).toBe(started + 10 * DAY);
    expect(first).toMatchObject({ kind: 'plan', state: 'used', startsAt: started, endsAt: started + (4 * DAY) / 3 });
    expect(second).toMatchObject({ state: 'in-use', startsAt: started + (4 * DAY) / 3, endsAt: started + (8 * DAY) / 3 });
    expect(third).toMatchObject({ state: 'being-added', startsAt: null, endsAt: null });
  });

  it('before the start nothing has dates; after the end what was not used is lost', () => {
    const notStarted = planUsage({ plan: facts, deliveredAt: t0, installedAt: null, network: { usedMb: 0, firstAttachAt: null }, now: t0 });
    expect(packageQueue(queue.slice(0, 2), notStarted, t0).map((p) => [p.state, p.startsAt, p.endsAt])).toEqual([
      ['waiting', null, null],
      ['waiting', null, null],
    ]);
    const later = t0 + 30 * DAY;
    const expired = planUsage({ plan: facts, deliveredAt: started, installedAt: null, network: { usedMb: 1500, firstAttachAt: started }, now: later });
    expect(expired.state).toBe('expired');
    expect(packageQueue(queue.slice(0, 2), { ...expired, usedMb: 1500 }, later).map((p) => p.state)).toEqual(['used', 'lost']);
  });

  it('an unlimited plan never hands over: the add-on after it waits with no dates', () => {
    const unlimited = withAddons({ ...plan, dataMb: null }, [{ dataMb: 1000, validityDays: 3 }]);
    const u = planUsage({ plan: unlimited, deliveredAt: started, installedAt: null, network: { usedMb: 1500, firstAttachAt: started }, now: t0 });
    const [first, second] = packageQueue([pkg({ kind: 'plan', dataMb: null }), pkg({})], u, t0);
    expect(first).toMatchObject({ state: 'in-use', startsAt: started, endsAt: u.expiresAt });
    expect(second).toMatchObject({ state: 'waiting', startsAt: null, endsAt: null });
  });
});
