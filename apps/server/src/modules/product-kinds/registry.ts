import type { ProductKind } from '@simshop/contract';
import { ecodeKind } from './ecode-kind.ts';
import { esimAddonKind } from './esim-addon-kind.ts';
import { esimKind } from './esim-kind.ts';
import type { KindItem, ProductKindHandler } from './product-kind.ts';
import { rechargeKind } from './recharge-kind.ts';
import { serviceKind } from './service-kind.ts';
import { simKind } from './sim-kind.ts';
import { topupKind } from './topup-kind.ts';

/** The one list of product kinds that orders, payments and refunds go through. */
export const PRODUCT_KINDS: { readonly [K in ProductKind]: ProductKindHandler<K> } = {
  sim: simKind,
  esim: esimKind,
  recharge: rechargeKind,
  ecode: ecodeKind,
  service: serviceKind,
  topup: topupKind,
  esim_addon: esimAddonKind,
};

const HANDLERS: readonly ProductKindHandler[] = Object.values(PRODUCT_KINDS);

/** The handler of a stored kind; an unknown one (a row older than its code) is a bug, not a customer error. */
export function kindHandler(kind: string): ProductKindHandler {
  const handler = (PRODUCT_KINDS as Record<string, ProductKindHandler | undefined>)[kind];
  if (!handler) throw new Error(`no handler for product kind "${kind}"`);
  return handler;
}

/** Each kind present in the items, in the list's order, with its items. */
export function kindsIn<I extends Pick<KindItem, 'kind'>>(items: readonly I[]): Array<{ handler: ProductKindHandler; items: I[] }> {
  return HANDLERS.map((handler) => ({ handler, items: items.filter((i) => i.kind === handler.kind) })).filter((k) => k.items.length > 0);
}

export const allKinds = (): readonly ProductKindHandler[] => HANDLERS;
