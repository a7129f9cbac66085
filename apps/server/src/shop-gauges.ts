import { ActivationStatus } from '@simshop/contract';
import { connectionPoolUse, type Database } from './db/database.ts';
import type { ShopMetrics } from './http/metrics.ts';
import { jobCounts, oldestWaitMs } from './jobs/outbox.ts';
import { esimCountsByActivation } from './modules/esim/esim.service.ts';
import { orderQueues } from './modules/orders/order-admin-views.service.ts';
import { refundCounts } from './modules/payments/payment-admin.service.ts';
import { paymentCounts } from './modules/payments/payment.service.ts';

/** The contract's names of the activation statuses (the database keeps their numbers). */
const ACTIVATION_NAMES = new Map(Object.entries(ActivationStatus).map(([name, value]) => [value as number, name]));

/**
 * The shop's state as Prometheus gauges, read from the database at each scrape through the
 * modules' services (so every process reports the same shop): the outbox's jobs by state and how
 * long the oldest due one has waited, orders by status with the parcels still to ship, payments
 * by method and status, refunds by the console's state and method (a deleted order's too: its money
 * went back), owned eSIMs by activation status; and this process's PostgreSQL pool.
 * The shop's totals are gauges rather than counters: they are the database's counts, the same from
 * every process and across restarts (Prometheus's `delta()` or `deriv()` gives their rates).
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
  metrics.gaugeFromDatabase('simshop_payments', 'Payments by method and status', ['method', 'status'], async () => (await paymentCounts(db)).map((p) => ({ labels: { method: p.method, status: p.status }, value: p.count })));
  metrics.gaugeFromDatabase('simshop_refunds', "Refunds asked for, by state (requested, refunded, partial, rejected) and the order's payment method", ['status', 'method'], async () =>
    (await refundCounts(db)).map((r) => ({ labels: { status: r.state, method: r.method }, value: r.count })),
  );
  metrics.gaugeFromDatabase('simshop_esims', "Customers' and resellers' eSIMs by activation status", ['status'], async () => (await esimCountsByActivation(db)).map((e) => ({ labels: { status: ACTIVATION_NAMES.get(e.status) ?? String(e.status) }, value: e.count })));
  if (connectionPoolUse(db)) {
    metrics.gaugeFromDatabase('simshop_db_pool_connections', "This process's PostgreSQL connections: open, idle, queries waiting for one, and the pool's size", ['state'], async () =>
      Object.entries(connectionPoolUse(db) ?? {}).map(([state, value]) => ({ labels: { state }, value })),
    );
  }
}
