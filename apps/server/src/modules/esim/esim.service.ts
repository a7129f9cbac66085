import { ActivationStatus, EsimClass, OrderStatus, esimQueryKind, InstallLogType, lpaString, serverErrors, WebhookEventType, type Esim, type EsimListItem, type EsimSummary, type EsimUsage, type Language } from '@simshop/contract';
import { NotificationPoint, type DownloadProgressInfo } from '../../providers/es2plus-protocol.ts';
import type { SmdpProvider } from '../../providers/smdp.ts';
import type { CarrierProvider, DataUsage } from '../../providers/carrier.ts';
import { PostgresAdapter } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseJson, pick } from '../../lib/i18n.ts';
import { coverageOf } from '../catalogue/catalogue.service.ts';
import { packageQueue, planFactsOf, planUsage, withAddons, type AddonFacts } from './esim-usage.ts';
import * as addonRows from './esim-addons.repository.ts';
import * as esims from './esim.repository.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { Topic } from '../../jobs/topics.ts';
import { notify } from '../notifications/notification.service.ts';
import { emitWebhookEvent } from '../webhooks/webhook-events.service.ts';

type Row = Awaited<ReturnType<typeof esims.findOwn>> & object;

/** An eSIM row (with its product's names) as the wire shows it; Manage eSIM reuses it. */
export function toEsim(row: Omit<Row, 'options'> & { options?: string | null }, lang: Language): EsimSummary {
  return {
    id: row.id,
    class: row.class,
    name: row.name_en ? pick(lang, row.name_en, row.name_zh ?? '') : '',
    plan: parseJson<Array<{ en: string; zh: string }>>(row.options ?? '[]', []).map((o) => pick(lang, o.en, o.zh)),
    orderNo: row.order_no ?? null,
    activationCode: row.activation_code,
    dpAddress: row.dp_address,
    lpa: lpaString(row.dp_address, row.activation_code),
    iccid: row.iccid,
    eid: row.eid,
    remark: row.remark,
    scanTimes: row.scan_times,
    assignedAt: row.assigned_at,
    added: row.added === 1,
    addedAt: row.added_at,
    status: row.record_status,
    activationStatus: row.activation_status,
  };
}

// The network is asked about this many eSIMs of a list at a time.
const USAGE_READS_AT_ONCE = 8;

/**
 * The caller's eSIMs with where each plan works and its data and days left. The rows, their
 * coverage and first installs are three queries whatever the page; the network is asked once per
 * eSIM with a plan still counted (as its page does, a few at a time: the carrier has no call for
 * many lines), and an eSIM it cannot tell about shows its usage as unknown.
 */
export async function listEsims(db: Executor, carrier: CarrierProvider | null, userId: number, input: { page: number; size: number }, lang: Language, now: number): Promise<{ items: EsimListItem[]; total: number; page: number; size: number }> {
  const rows = await esims.listOwn(db, userId, (input.page - 1) * input.size, input.size);
  const installs = await esims.firstInstalls(db, rows.map((r) => r.id), InstallLogType.successInstall);
  const usages: Array<EsimUsage | null> = [];
  for (let i = 0; i < rows.length; i += USAGE_READS_AT_ONCE) {
    usages.push(...(await Promise.all(rows.slice(i, i + USAGE_READS_AT_ONCE).map((r) => usageOf(carrier, r, installs.get(r.id) ?? null, now)))));
  }
  return {
    items: rows.map((r, i) => ({ ...toEsim(r, lang), coverage: coverageOf({ coverage: r.coverage ?? '' }), usage: usages[i] ?? null })),
    total: await esims.countOwn(db, userId),
    page: input.page,
    size: input.size,
  };
}

/** The eSIMs an order delivered, for its detail page: each links to its QR and install steps. */
export async function orderEsims(db: Executor, userId: number, orderId: number, lang: Language) {
  return (await esims.ofOrder(db, userId, orderId)).map((row) => ({ id: row.id, name: row.name_en ? pick(lang, row.name_en, row.name_zh ?? '') : '', iccid: row.iccid, installed: row.added === 1, removed: isRemovedEsim(row) }));
}

/**
 * What the network says of an eSIM, or null when it cannot say: no carrier configured, no ICCID
 * to ask by, a carrier that does not serve it, or one that failed or was slow. The page shows the
 * usage as unknown then; it never fails for it.
 */
async function networkUsage(carrier: CarrierProvider | null, iccid: string | null): Promise<DataUsage | null> {
  if (!carrier || !iccid) return null;
  try {
    return await carrier.dataUsage(iccid);
  } catch {
    return null;
  }
}

/** Removed from the customer's eSIMs: refunded (discarded) or taken back into a pool (recycled). */
export const isRemovedEsim = (row: Pick<Row, 'record_status'>) => row.record_status === 'discarded' || row.record_status === 'recycled';

/**
 * Data and days left of an eSIM bought as a travel plan, with the add-ons the carrier took on
 * top (`addons`: delivered ones); null for one whose plan facts are unknown or that was removed.
 */
async function usageOf(carrier: CarrierProvider | null, row: Row, installedAt: number | null, now: number, addons: readonly AddonFacts[] = []): Promise<EsimUsage | null> {
  const plan = planFactsOf(row);
  if (!plan || isRemovedEsim(row)) return null;
  return planUsage({ plan: withAddons(plan, addons), deliveredAt: row.assigned_at, installedAt, network: await networkUsage(carrier, row.iccid), now });
}

const PAID_OR_LATER: ReadonlySet<string> = new Set([OrderStatus.paid, OrderStatus.delivered, OrderStatus.completed]);

/** One of the caller's eSIMs (another user's id: "eSIM does not exist"), its usage with its add-ons, and its package queue. */
export async function esimWithQueue(db: Executor, carrier: CarrierProvider | null, userId: number, id: number, lang: Language, now: number) {
  const row = await esims.findOwn(db, userId, id);
  if (!row) throw new AppError(serverErrors.esimNotFound, 'id');
  const log = await esims.installLogOf(db, id);
  // Paid and delivered add-ons count; an unpaid or cancelled order's add-on is not the customer's yet.
  const addons = (await addonRows.addonsOfEsim(db, id)).filter((a) => a.delivered_at !== null || PAID_OR_LATER.has(a.status));
  const delivered = addons.filter((a) => a.delivered_at !== null).map((a) => ({ dataMb: a.data_mb, validityDays: a.validity_days }));
  const usage = await usageOf(carrier, row, log.find((l) => l.type === InstallLogType.successInstall)?.created_at ?? null, now, delivered);
  const plan = planFactsOf(row);
  const named = (r: { name_en: string | null; name_zh: string | null; options: string | null }) =>
    [r.name_en ? pick(lang, r.name_en, r.name_zh ?? '') : '', ...parseJson<Array<{ en: string; zh: string }>>(r.options ?? '[]', []).map((o) => pick(lang, o.en, o.zh))].filter(Boolean).join(' · ');
  const packages =
    usage && plan
      ? packageQueue(
          [
            { kind: 'plan', name: named(row), dataMb: plan.dataMb, validityDays: plan.validityDays, boughtAt: row.assigned_at, delivered: true },
            ...addons.map((a) => ({ kind: 'addon' as const, name: named(a), dataMb: a.data_mb, validityDays: a.validity_days, boughtAt: a.paid_at ?? a.created_at, delivered: a.delivered_at !== null })),
          ],
          usage,
          now,
        )
      : [];
  return { row, log, usage, packages };
}

/** One of the caller's eSIMs with its log and usage; another user's id is "eSIM does not exist". */
export async function esimDetail(db: Executor, carrier: CarrierProvider | null, userId: number, id: number, lang: Language, now: number): Promise<Esim> {
  const { row, log, usage, packages } = await esimWithQueue(db, carrier, userId, id, lang, now);
  return { ...toEsim(row, lang), installLog: log.map((l) => ({ type: l.type, eid: l.eid, at: l.created_at })), usage, packages };
}

/** A page of the caller's eSIMs, newest first (of one order, or all), read as `limit` rows (the reseller API's cursor pages). */
export async function esimsBefore(db: Executor, userId: number, filter: { orderId?: number | undefined; before?: number | undefined }, limit: number, lang: Language): Promise<EsimSummary[]> {
  return (await esims.pageOwn(db, userId, filter, limit)).map((row) => toEsim(row, lang));
}

/** The caller's eSIM with this ICCID; another user's, or none, is "eSIM does not exist". */
export async function requireOwnEsimByIccid(db: Executor, userId: number, iccid: string, lang: Language): Promise<EsimSummary> {
  const row = (await esims.searchOwn(db, userId, 'iccid', iccid))[0];
  if (!row) throw new AppError(serverErrors.esimNotFound, 'iccid');
  return toEsim(row, lang);
}

async function requireOwn(db: Executor, userId: number, id: number) {
  if (!(await esims.ownId(db, userId, id))) throw new AppError(serverErrors.esimNotFound, 'id');
}

export async function countScan(db: Executor, carrier: CarrierProvider | null, userId: number, id: number, lang: Language, now: number) {
  await requireOwn(db, userId, id);
  await esims.incrementScans(db, userId, id, now);
  return esimDetail(db, carrier, userId, id, lang, now);
}

export async function setRemark(db: Executor, carrier: CarrierProvider | null, userId: number, id: number, remark: string, lang: Language, now: number) {
  await requireOwn(db, userId, id);
  await esims.updateOwn(db, userId, id, { remark }, now);
  return esimDetail(db, carrier, userId, id, lang, now);
}

/**
 * Assigns pool profiles to an order's eSIM items inside the caller's (payment) transaction and
 * returns how many units are still missing. A profile goes to one order only.
 */
type OrderItemRef = { id: number; kind: string; product_id: number; sku_id: number; quantity: number };

async function esimItemsBySource(db: Executor, items: readonly OrderItemRef[], source: 'pool' | 'smdp') {
  const esimItems = items.filter((i) => i.kind === 'esim');
  const sources = await esims.esimSourcesOf(db, [...new Set(esimItems.map((i) => i.product_id))]);
  return esimItems.map((item) => ({ item, product: sources.find((p) => p.id === item.product_id) })).filter((x) => (x.product?.esim_source ?? 'pool') === source);
}

// The plan sold (the SKU's data and days, the product's start rule) is copied onto each eSIM by a
// trigger in the statement that gives it its owner (migration 0031), here and in every other module.
export async function assignPoolProfiles(tx: Executor, order: { id: number; user_id: number }, items: readonly OrderItemRef[], now: number): Promise<number> {
  const postgres = tx.getExecutor().adapter instanceof PostgresAdapter;
  let missing = 0;
  for (const { item } of await esimItemsBySource(tx, items, 'pool')) {
    const have = await esims.countAssignedToItem(tx, item.id);
    const want = item.quantity - have;
    if (want <= 0) continue;
    const got = await esims.assignFromPool(tx, { skuId: item.sku_id, quantity: want, userId: order.user_id, orderId: order.id, orderItemId: item.id, now, postgres });
    missing += want - got;
  }
  return missing;
}

/**
 * Issues on-demand profiles through the SM-DP+ (ES2+ DownloadOrder then ConfirmOrder with the
 * release flag), one per ordered unit not yet issued. Provider calls run outside any
 * transaction; each unit is recorded under a unique key, and the call identifier is the same on
 * every retry, so a retry never issues a unit twice. Returns how many units are still missing.
 */
export async function issueOnDemandProfiles(db: Executor, smdp: SmdpProvider | null, order: { id: number; user_id: number; order_no: string }, items: readonly OrderItemRef[], now: number): Promise<number> {
  const pending = await esimItemsBySource(db, items, 'smdp');
  if (pending.length === 0) return 0;
  if (!smdp) throw new Error('an on-demand eSIM was ordered but no SM-DP+ is configured (SMDP_URL)');
  for (const { item, product } of pending) {
    const done = new Set((await esims.issuedUnits(db, item.id)).map((u) => u.unit_index));
    for (let unit = 0; unit < item.quantity; unit++) {
      if (done.has(unit)) continue;
      const callId = `${order.order_no}-${item.id}-${unit}`;
      const { iccid } = await smdp.downloadOrder({ callId: `${callId}-d`, profileType: product?.profile_type ?? undefined });
      const { matchingId, smdpAddress } = await smdp.confirmOrder({ callId: `${callId}-c`, iccid });
      await esims.insertIssued(db, {
        sku_id: item.sku_id,
        user_id: order.user_id,
        order_id: order.id,
        order_item_id: item.id,
        unit_index: unit,
        class: EsimClass.self,
        activation_code: matchingId,
        dp_address: smdpAddress,
        iccid,
        record_status: 'assigned',
        assigned_at: now,
        created_at: now,
        updated_at: now,
      });
    }
  }
  return 0;
}

/** Units of on-demand items the SM-DP+ has not issued yet. */
export async function unissuedOnDemand(db: Executor, items: readonly OrderItemRef[]): Promise<number> {
  let missing = 0;
  for (const { item } of await esimItemsBySource(db, items, 'smdp')) missing += item.quantity - (await esims.issuedUnits(db, item.id)).length;
  return missing;
}

/**
 * Applies an SM-DP+ download progress notification once (a replay is recorded and ignored):
 * installation, deletion and (extension) enable/disable drive the eSIM's activation status
 * and install log; an installing EID other than the expected one is logged as a mismatch.
 */
export async function applyDownloadProgress(tx: Executor, info: DownloadProgressInfo, now: number, poolAddresses: readonly string[] = []): Promise<'applied' | 'duplicate' | 'unknown_profile'> {
  const key = `${info.iccid}:${info.notificationPointId}:${info.timestamp}:${info.notificationPointStatus.status}`;
  if (!(await esims.recordNotification(tx, { key, iccid: info.iccid, point: info.notificationPointId, now }))) return 'duplicate';
  // Our SM-DP+ reports on the profiles it issued (ES2+ DownloadOrder, one per ordered unit);
  // pool profiles come from suppliers' SM-DP+s, which talk to us only when they are the same
  // one (poolAddresses: the demo pools' address, served by the simulator).
  const esim = await esims.findReportedByIccid(tx, info.iccid, poolAddresses);
  if (!esim) return 'unknown_profile';
  if (info.notificationPointStatus.status === 'Failed') return 'applied';
  const eid = info.eid ?? null;
  switch (info.notificationPointId) {
    case NotificationPoint.download:
      if (esim.activation_status === ActivationStatus.unactivated) await esims.updateProfile(tx, esim.id, { activation_status: ActivationStatus.progressing }, now);
      break;
    case NotificationPoint.installation: {
      if (esim.eid && eid && esim.eid !== eid) {
        await esims.insertInstallLog(tx, { esimId: esim.id, type: InstallLogType.eidMismatch, eid, now });
        break;
      }
      const again = esim.activation_status === ActivationStatus.installed || esim.activation_status === ActivationStatus.enabled || esim.activation_status === ActivationStatus.disabled;
      await esims.insertInstallLog(tx, { esimId: esim.id, type: again ? InstallLogType.repeatInstall : InstallLogType.successInstall, eid, now });
      await esims.updateProfile(tx, esim.id, { activation_status: ActivationStatus.installed, added: 1, added_at: esim.added_at ?? now, ...(eid && !esim.eid ? { eid } : {}) }, now);
      if (esim.user_id !== null) await notify(tx, { kind: 'esim_installed', userId: esim.user_id, esimId: esim.id }, now);
      if (esim.user_id !== null && !again) await emitWebhookEvent(tx, esim.user_id, WebhookEventType.esimInstalled, { iccid: info.iccid, orderNo: null, installedAt: now }, now);
      break;
    }
    case NotificationPoint.deletion:
      await esims.insertInstallLog(tx, { esimId: esim.id, type: InstallLogType.deleted, eid, now });
      await esims.updateProfile(tx, esim.id, { activation_status: ActivationStatus.removed, record_status: 'removed' }, now);
      break;
    case NotificationPoint.enabled:
      await esims.updateProfile(tx, esim.id, { activation_status: ActivationStatus.enabled }, now);
      break;
    case NotificationPoint.disabled:
      await esims.updateProfile(tx, esim.id, { activation_status: ActivationStatus.disabled }, now);
      break;
  }
  return 'applied';
}

/**
 * SPEC §2 eSIM search by EID, ICCID or activation code, among the caller's own eSIMs only: an
 * EID is printed on boxes and shown in phone settings, so knowing it proves nothing.
 */
export async function searchEsims(db: Executor, userId: number, query: string, lang: Language) {
  const by = esimQueryKind(query);
  const rows = await esims.searchOwn(db, userId, by, query);
  if (rows.length === 0) throw new AppError(serverErrors.noSearchResults, 'query');
  return { by, items: rows.map((r) => toEsim(r, lang)) } as const;
}

/**
 * The white-list self-adder: an eSIM sold outside the shop (say, a reseller's card) joins the
 * caller's list by its activation code, once. Shop-pool profiles still waiting for an order
 * cannot be claimed this way.
 */
export async function selfAddEsim(db: Executor, carrier: CarrierProvider | null, userId: number, activationCode: string, lang: Language, now: number) {
  const row = await esims.findByActivationCode(db, activationCode);
  if (!row || (row.record_status === 'unassigned' && row.sku_id !== null)) throw new AppError(serverErrors.esimMissingUseSearcher, 'activationCode');
  if (row.user_id === userId) throw new AppError(serverErrors.numberExists, 'activationCode');
  if (row.user_id !== null || !(await esims.claim(db, row.id, userId, now))) throw new AppError(serverErrors.numberExists, 'activationCode');
  return esimDetail(db, carrier, userId, row.id, lang, now);
}

/**
 * A refunded order's eSIMs that were never installed are discarded (the customer has seen their
 * codes, so they never go back to the pool); on-demand ones are also cancelled at the SM-DP+
 * (ES2+ CancelOrder) through the outbox.
 */
export async function discardRefundedEsims(tx: Executor, orderId: number, now: number): Promise<number> {
  const rows = await esims.uninstalledOfOrder(tx, orderId);
  await esims.discard(tx, rows.map((r) => r.id), now);
  // Only on-demand profiles (issued per unit) belong to the SM-DP+ we drive.
  for (const r of rows) if (r.iccid && r.unit_index !== null) await enqueue(tx, Topic.esimCancel, { iccid: r.iccid, esimId: r.id }, now);
  return rows.length;
}

/**
 * Whether every eSIM of the order is one the SM-DP+ never reported downloading or installing (a
 * refund by rule). With `claim`, decided in the caller's transaction against a racing report.
 */
export async function orderEsimsUntouched(tx: Executor, orderId: number, claim: { now: number } | null): Promise<boolean> {
  const { all, untouched } = await esims.untouchedOfOrder(tx, orderId, claim);
  return all > 0 && untouched === all;
}

/** A customer's eSIMs for the console, newest first, names in both languages. */
export async function customerEsims(db: Executor, userId: number, page: { page: number; pageSize: number }) {
  const rows = await esims.listOwn(db, userId, (page.page - 1) * page.pageSize, page.pageSize);
  return {
    total: await esims.countOwn(db, userId),
    items: rows.map((r) => ({
      id: r.id,
      name: { en: r.name_en ?? '', zh: r.name_zh ?? '' },
      orderNo: r.order_no ?? null,
      iccid: r.iccid,
      eid: r.eid,
      status: r.record_status,
      activationStatus: r.activation_status,
      assignedAt: r.assigned_at,
    })),
  };
}

/** Every eSIM of a user with its order number and names, newest first (their data export). */
export async function esimsOfUser(db: Executor, userId: number) {
  return esims.listOwn(db, userId, 0, await esims.countOwn(db, userId));
}

/** Customers' and resellers' eSIMs by activation status, for the metrics. */
export function esimCountsByActivation(db: Executor) {
  return esims.countAssignedByActivation(db);
}
