import type { Database } from './db/database.ts';
import type { ShopMetrics } from './http/metrics.ts';
import { jobCounts, oldestWaitMs } from './jobs/outbox.ts';
import { orderQueues } from './modules/orders/order-admin-views.service.ts';

/**
 * The shop's state as Prometheus gauges, read from the database at each scrape through the
 * modules' services (so every process reports the same shop): the outbox's jobs by state and how
 * long the oldest due one has waited, and orders by status with the parcels still to ship.
 */
export function registerShopGauges(metrics: ShopMetrics, db: Database): void {
  // One read of the order queues serves both order gauges: a scrape collects them at once.
  let queues: ReturnType<typeof orderQueues> | null = null;
  const readQueues = () =>
    (queues ??= orderQueues(db).finally(() => {
      queues = null;
    }));
  metrics.gaugeFromDatabase('simshop_outbox_jobs', 'Background jobs not done, by state (pending, running, retrying, failed: gave up)', ['state'], async () =>
    Object.entries(await jobCounts(db, Date.now())).map(([state, value]) => ({ labels: { state }, value })),
  );
  metrics.gaugeFromDatabase('simshop_outbox_oldest_wait_seconds', 'How long the job waiting longest since it became due has waited', [], async () => [{ value: (await oldestWaitMs(db, Date.now())) / 1000 }]);
  metrics.gaugeFromDatabase('simshop_orders', 'Orders by status (deleted ones aside)', ['status'], async () => (await readQueues()).byStatus.map((s) => ({ labels: { status: s.status }, value: s.count })));
  metrics.gaugeFromDatabase('simshop_orders_to_ship', 'Paid orders still waiting for a parcel', [], async () => [{ value: (await readQueues()).toShip }]);
}
