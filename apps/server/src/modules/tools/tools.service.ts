import { APN_SETTINGS, AVAILABLE_TOOL_IDS, TRAVEL_PLAN_KINDS, type TravelPlan, isTravelPlanKind, planAllowance, serverErrors, type AdminTools, type Currency, type DataPlan, type Language, type ToolId } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { listProducts, productDetail } from '../catalogue/catalogue.service.ts';
import * as tools from './tools.repository.ts';

type ToolState = { id: ToolId; enabled: boolean };

/**
 * Every tool in the owner's order with whether it shows, and the version (null before the first
 * save). A tool added to the code after the owner's last save shows, after the saved ones; a
 * tool the registry disables is left out whatever was saved.
 */
async function readTools(db: Executor): Promise<{ items: ToolState[]; version: number | null }> {
  const rows = await tools.listToolSettings(db);
  const known = new Set<string>(AVAILABLE_TOOL_IDS);
  const saved = rows.filter((r) => known.has(r.id)).map((r) => ({ id: r.id as ToolId, enabled: r.enabled === 1 }));
  const seen = new Set(saved.map((s) => s.id));
  const added = AVAILABLE_TOOL_IDS.filter((id) => !seen.has(id)).map((id) => ({ id, enabled: true }));
  return { items: [...saved, ...added], version: rows.length ? Math.max(...rows.map((r) => Number(r.updated_at))) : null };
}

/** What the tools page shows: the enabled tools in order. */
export async function enabledTools(db: Executor) {
  const { items } = await readTools(db);
  return { items: items.filter((t) => t.enabled).map((t) => ({ id: t.id })) };
}

export async function adminTools(db: Executor): Promise<AdminTools> {
  const { items, version } = await readTools(db);
  return { items, updatedAt: version };
}

/** Saves which tools show and their order over the version the owner started from, audited. */
export async function saveTools(db: Database, actor: Actor, input: { version: number | null; items: ToolState[] }, now: number): Promise<AdminTools> {
  return db.transaction().execute(async (tx) => {
    const before = await readTools(tx);
    if (before.version !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    // The version must move even when two saves land in the same millisecond.
    const at = before.version === null ? now : Math.max(now, before.version + 1);
    const stored = new Set((await tools.listToolSettings(tx)).map((r) => r.id));
    for (const [position, item] of input.items.entries()) {
      const row = { id: item.id, enabled: item.enabled, position, now: at, staffId: actor.staffId };
      if (!stored.has(item.id)) {
        // Two first saves at once: the primary key lets one in; the other was too late.
        const inserted = await tools.insertToolSetting(tx, row).then(
          () => true,
          () => false,
        );
        if (!inserted) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
      } else if (!(await tools.updateToolSetting(tx, { ...row, version: before.version ?? 0 }))) {
        throw new AppError(serverErrors.changedBySomeoneElse, 'version');
      }
    }
    await recordAudit(tx, actor, { action: 'settings.tools', targetType: 'settings', targetId: 'tools', before: before.version === null ? undefined : { items: before.items }, after: { items: input.items } }, now);
    return { items: input.items, updatedAt: at };
  });
}

/**
 * Data estimator: SKUs on sale offering at least `mb` for at least `days`, cheapest first. Data
 * and days come from the SKU's options, else from the product's name and subtitle ("3 GB, 15
 * days"); a plan that says neither cannot be matched and is left out.
 */
export async function dataPlans(db: Executor, input: { days: number; mb: number }, lang: Language, reseller: boolean, currency: Currency): Promise<{ items: DataPlan[] }> {
  const found: DataPlan[] = [];
  // Travel plans are the only kinds whose options say data and days.
  for (const kind of TRAVEL_PLAN_KINDS) {
    for (let page = 1; ; page++) {
      const list = await listProducts(db, { page, size: 100, kind }, lang, reseller, currency);
      for (const summary of list.items) {
        if (summary.soldOut) continue;
        const detail = await productDetail(db, summary.id, lang, reseller, currency);
        const fallback = planAllowance(`${detail.name} ${detail.subtitle}`);
        for (const sku of detail.skus) {
          if (sku.soldOut) continue;
          const own = planAllowance(sku.options.join(' '));
          const mb = own.mb ?? fallback.mb;
          const days = own.days ?? fallback.days;
          if (mb === null || days === null || mb < input.mb || days < input.days) continue;
          found.push({
            productId: detail.id,
            skuId: sku.id,
            name: detail.name,
            option: sku.options.join(' · '),
            dataMb: Number.isFinite(mb) ? Math.round(mb) : null,
            days,
            price: sku.price,
            currency: detail.currency,
          });
        }
      }
      if (page * 100 >= list.total) break;
    }
  }
  // Prices of different currencies are not compared by amount: USD first, each cheapest first.
  found.sort((a, b) => a.currency.localeCompare(b.currency, 'en') * -1 || a.price - b.price || a.productId - b.productId);
  return { items: found.slice(0, 20) };
}

/** A plan that fits a trip: the SKU with its product's facts. */
export interface TripPlan extends DataPlan {
  travel: TravelPlan;
}

/** The kinds a trip is bought as: an add-on only tops up an eSIM already bought. */
const TRIP_KINDS = new Set<string>(['esim', 'sim']);

/**
 * Plans on sale that cover every one of `countries` for at least `days` and give at least `mb`
 * (0: any), cheapest first (the currency asked for first), at most `limit`.
 */
export async function tripPlans(db: Executor, input: { countries: string[]; days: number; mb: number; limit: number }, lang: Language, currency: Currency): Promise<TripPlan[]> {
  const found: TripPlan[] = [];
  for (let page = 1; ; page++) {
    const list = await listProducts(db, { page, size: 100, countries: input.countries }, lang, false, currency);
    for (const summary of list.items) {
      if (summary.soldOut || !TRIP_KINDS.has(summary.kind) || !input.countries.every((c) => summary.coverage.includes(c))) continue;
      const detail = await productDetail(db, summary.id, lang, false, currency);
      if (!detail.travel) continue;
      for (const sku of detail.skus) {
        // A SKU without stated days cannot be matched to a trip.
        if (sku.soldOut || sku.validityDays === null || sku.validityDays < input.days) continue;
        if (sku.dataMb !== null && sku.dataMb < input.mb) continue;
        found.push({ productId: detail.id, skuId: sku.id, name: detail.name, option: sku.options.join(' · '), dataMb: sku.dataMb, days: sku.validityDays, price: sku.price, currency: detail.currency, travel: detail.travel });
      }
    }
    if (page * 100 >= list.total) break;
  }
  found.sort((a, b) => Number(b.currency === currency) - Number(a.currency === currency) || a.price - b.price || a.productId - b.productId || a.skuId - b.skuId);
  return found.slice(0, input.limit);
}

/** APN settings of the operators the catalogue's travel plans use, in the order they appear. */
export async function apnSettings(db: Executor) {
  const operators = new Map<string, { operator: string; country: string }>();
  for (let page = 1; ; page++) {
    const list = await listProducts(db, { page, size: 100 }, 'en', false, 'USD');
    for (const summary of list.items) {
      if (!isTravelPlanKind(summary.kind)) continue;
      const detail = await productDetail(db, summary.id, 'en', false, 'USD');
      for (const network of detail.travel?.networks ?? []) {
        for (const operator of network.operators) operators.set(`${network.country}|${operator.toLowerCase()}`, { operator, country: network.country });
      }
    }
    if (page * 100 >= list.total) break;
  }
  const items = APN_SETTINGS.filter((a) => operators.has(`${a.country}|${a.operator.toLowerCase()}`)).map((a) => ({ operator: a.operator, country: a.country, apn: a.apn, username: a.username ?? null, password: a.password ?? null }));
  return { items };
}
