import {
  isDigitalContentKind,
  isEuCountry,
  countryCodeOf,
  OrderStatus,
  PERFORMANCE_CONSENT_VERSION,
  serverErrors,
  withdrawalVerdict,
  type ConsumerTerms,
  type ErrorDef,
  type OrderWithdrawal,
  type WithdrawalKind,
  type WithdrawalRefusal,
} from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { kindsIn } from '../product-kinds/registry.ts';
import type { OrderRow } from './order-state.ts';
import * as terms from './consumer-terms.repository.ts';
import * as orders from './order.repository.ts';

/**
 * An EU consumer's rights on an order (contract withdrawal.ts holds the rules): the consent to
 * immediate performance asked at checkout, and the withdrawal the order page offers. Who is "in
 * the EU" is decided once, at checkout, and kept with the order: the delivery address's country
 * when the order has one, else the country the customer declared there. Resellers buy as
 * businesses and have neither.
 */

/** What a checkout decides for its orders: null when the buyer is not an EU consumer. */
export interface CheckoutTerms {
  country: string;
  consentAt: number | null;
}

/**
 * At checkout, before anything is written: the buyer's country (address, else declared) and, for
 * an EU consumer buying digital content, the consent it needs (refused without it).
 */
export function checkoutTerms(
  input: { reseller: boolean; addressCountry: string | null; residenceCountry: string | undefined; performanceConsent: boolean; kinds: readonly string[] },
  now: number,
): CheckoutTerms | null {
  const country = input.addressCountry !== null ? countryCodeOf(input.addressCountry) : (input.residenceCountry ?? null);
  if (input.reseller || !country || !isEuCountry(country)) return null;
  const digital = input.kinds.some(isDigitalContentKind);
  if (digital && !input.performanceConsent) throw new AppError(serverErrors.performanceConsentMissing, 'performanceConsent');
  return { country, consentAt: digital ? now : null };
}

/** Written with the checkout's orders, in its transaction. */
export async function recordCheckoutTerms(tx: Executor, orderIds: readonly number[], decided: CheckoutTerms | null): Promise<void> {
  if (!decided) return;
  await terms.insertTerms(
    tx,
    orderIds.map((id) => ({
      order_id: id,
      country: decided.country,
      consent_at: decided.consentAt,
      consent_version: decided.consentAt === null ? null : PERFORMANCE_CONSENT_VERSION,
      withdrawn_at: null,
    })),
  );
}

const toTerms = (row: terms.ConsumerTermsRow): ConsumerTerms => ({ country: row.country, consentAt: row.consent_at, consentVersion: row.consent_version, withdrawnAt: row.withdrawn_at });

/** What the console's order page shows; null for an order that is not an EU consumer's. */
export async function consumerTermsOf(db: Executor, orderId: number): Promise<ConsumerTerms | null> {
  const row = await terms.termsOf(db, orderId);
  return row ? toTerms(row) : null;
}

/**
 * Whether the order's digital content was supplied: nothing is before it is issued (paid); an
 * eSIM is once the SM-DP+ reports it downloaded or installed; anything else once issued. With
 * `claim`, in the withdrawal's transaction, a racing install is either seen or waits.
 */
async function supplied(db: Executor, order: OrderRow, claim: { now: number } | null): Promise<boolean> {
  if (order.status === OrderStatus.paid) return false;
  for (const { handler } of kindsIn(await orders.itemsOf(db, [order.id]))) {
    if (!isDigitalContentKind(handler.kind)) continue;
    if (!handler.untouchedForRefund || !(await handler.untouchedForRefund(db, order, claim))) return true;
  }
  return false;
}

async function judge(db: Executor, order: OrderRow, row: terms.ConsumerTermsRow | undefined, now: number) {
  const items = await orders.itemsOf(db, [order.id]);
  return withdrawalVerdict(
    {
      euConsumer: row !== undefined && order.reseller === 0,
      status: order.status,
      paidAt: order.paid_at,
      receivedAt: order.received_at,
      kinds: items.map((i) => i.kind),
      consentAt: row?.consent_at ?? null,
      supplied: row?.consent_at != null && (await supplied(db, order, null)),
      withdrawnAt: row?.withdrawn_at ?? null,
    },
    now,
  );
}

/** The customer's order page: the terms and what is offered now; null for an order that is not an EU consumer's. */
export async function withdrawalView(db: Executor, order: OrderRow, now: number): Promise<OrderWithdrawal | null> {
  const row = await terms.termsOf(db, order.id);
  if (!row || order.reseller !== 0) return null;
  const verdict = await judge(db, order, row, now);
  return { ...toTerms(row), offer: 'refused' in verdict ? null : verdict };
}

const REFUSALS: Record<WithdrawalRefusal, ErrorDef> = {
  not_offered: serverErrors.withdrawalNotOffered,
  expired: serverErrors.withdrawalExpired,
  right_lost: serverErrors.withdrawalRightLost,
};

/**
 * In the withdrawal's transaction, before the order moves: refuses an order the rule does not
 * let the customer withdraw from, and stamps the withdrawal (a second one is refused). Answers
 * what follows: a refund at once, or a return staff handle.
 */
export async function takeWithdrawal(tx: Executor, order: OrderRow, now: number): Promise<WithdrawalKind> {
  const row = await terms.termsOf(tx, order.id);
  const verdict = await judge(tx, order, row, now);
  if ('refused' in verdict) throw new AppError(REFUSALS[verdict.refused], 'orderNo');
  if (!(await terms.markWithdrawn(tx, order.id, now))) throw new AppError(serverErrors.withdrawalNotOffered, 'orderNo');
  // Consented content must still be unsupplied as the money goes back: an install reported meanwhile ends the right.
  if (row?.consent_at != null && (await supplied(tx, order, { now }))) throw new AppError(serverErrors.withdrawalRightLost, 'orderNo');
  return verdict.kind;
}
