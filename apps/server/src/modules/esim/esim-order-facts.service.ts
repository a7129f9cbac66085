import { InstallLogType, ORDER_ESIM_LOG_ENTRIES, type AdminOrderEsim } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import type { CarrierProvider } from '../../providers/carrier.ts';
import * as esims from './esim.repository.ts';
import { esimWithQueue } from './esim.service.ts';

/**
 * The eSIMs an order delivered as staff weigh a refund: installed or not (and when), the install
 * log's last entries and the usage the customer's eSIM page shows (add-ons included). Read only;
 * a carrier that cannot say leaves the usage unknown, as on that page.
 */
export async function orderEsimFacts(db: Executor, carrier: CarrierProvider | null, order: { id: number; user_id: number }, now: number): Promise<AdminOrderEsim[]> {
  const rows = await esims.ofOrder(db, order.user_id, order.id);
  return Promise.all(
    rows.map(async (row): Promise<AdminOrderEsim> => {
      const { log, usage } = await esimWithQueue(db, carrier, order.user_id, row.id, 'en', now);
      const firstInstall = log.find((l) => l.type === InstallLogType.successInstall)?.created_at ?? null;
      const added = row.added === 1;
      return {
        id: row.id,
        name: { en: row.name_en ?? '', zh: row.name_zh ?? '' },
        iccid: row.iccid,
        eid: row.eid,
        status: row.record_status,
        activationStatus: row.activation_status,
        installed: firstInstall !== null || added,
        installedAt: firstInstall !== null ? Number(firstInstall) : added && row.added_at !== null ? Number(row.added_at) : null,
        installLog: log
          .slice(-ORDER_ESIM_LOG_ENTRIES)
          .reverse()
          .map((l) => ({ type: l.type, eid: l.eid, at: Number(l.created_at) })),
        installLogTotal: log.length,
        usage,
      };
    }),
  );
}
