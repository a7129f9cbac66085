import { z } from 'zod';
import { isPhysicalKind, isDeliveredOnline, type ProductKind } from './catalogue.ts';
import { countryCodeOf, isCountryCode } from './countries.ts';
import { OrderStatus, type OrderStatus as Status } from './enums.ts';

/**
 * A consumer's right of withdrawal in the EU (Directive 2011/83/EU with the withdrawal function
 * of Directive (EU) 2023/2673). Who it is for, how long it lasts and when it is lost are decided
 * here once, as pure rules: the server judges an order with them, the shop shows what they say.
 */

/** The member states of the European Union (ISO 3166-1 alpha-2; Greece is GR). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;
/** The EEA states outside the EU apply the same consumer rules (EEA Agreement, Annex XIX). */
export const EEA_ONLY_COUNTRIES = ['IS', 'LI', 'NO'] as const;


/** Whether a customer living in `country` (a code, or a name as an older address holds it) has the EU consumer's rights. */
export function isEuCountry(country: string | null | undefined): boolean {
  if (!country) return false;
  const code = countryCodeOf(country);
  return code !== null && ((EU_COUNTRIES as readonly string[]).includes(code) || (EEA_ONLY_COUNTRIES as readonly string[]).includes(code));
}

/** The withdrawal period: 14 days (Directive 2011/83/EU, art. 9). */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Digital content supplied online (an eSIM profile, a data add-on, an ECode, a recharge): the
 * customer loses the right to withdraw once it is supplied, but only with the express consent to
 * immediate performance and the acknowledgement asked at checkout (art. 16(m)). A balance top-up
 * is a prepayment, not content.
 */
export const isDigitalContentKind = (kind: ProductKind | string) => isDeliveredOnline(kind) && kind !== 'topup';

/**
 * The version of the consent's wording the customer ticked (the shop's text
 * `checkout.performance-consent`): stored with the order, so the wording shown then is known.
 * A new wording takes a new version.
 */
export const PERFORMANCE_CONSENT_VERSION = 'perform-2026-12';

/** The checkout's consent: ticked (true) or not. Asked only when an EU customer buys digital content. */
export const performanceConsentField = z.boolean().default(false);

/** Where the customer lives, as they declare it when no address says it (digital goods): decides the EU consumer's rights. */
export const residenceCountryField = z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country').optional();

/** What a request that buys digital content without an address carries about the buyer's rights. */
export const consumerTermsFields = { residenceCountry: residenceCountryField, performanceConsent: performanceConsentField };

/** The reason a withdrawal writes on the order (refund reason and event): the console tags it by it. */
export const WITHDRAWAL_REFUND_REASON = 'withdrawal';

/** Where a withdrawn order goes: money back at once (digital content) or a return staff handle (goods). */
export const WITHDRAWAL_KINDS = ['refund', 'return'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

/** What an EU customer's order records about their rights (the console's order page shows it). */
const consumerTermsShape = {
  /** The customer's country as the order was placed (from the address, or as declared). */
  country: z.string(),
  /** When the customer consented to immediate performance, and which wording; null: not asked (no digital content). */
  consentAt: z.number().int().nullable(),
  consentVersion: z.string().nullable(),
  /** When the customer withdrew; null while not. */
  withdrawnAt: z.number().int().nullable(),
};
export const consumerTermsSchema = z.object(consumerTermsShape);
export type ConsumerTerms = z.infer<typeof consumerTermsSchema>;

/** The same on the customer's order page, with what is offered now. */
export const orderWithdrawalSchema = z.object({
  ...consumerTermsShape,
  /** Offered now: until when (null: goods not yet delivered, the 14 days have not started) and what follows. */
  offer: z.object({ until: z.number().int().nullable(), kind: z.enum(WITHDRAWAL_KINDS) }).nullable(),
});
export type OrderWithdrawal = z.infer<typeof orderWithdrawalSchema>;

/** What the rule needs to know about an order. */
export interface WithdrawalFacts {
  /** Whether the customer was in the EU (EEA) when the order was placed, as a consumer (not a reseller). */
  euConsumer: boolean;
  status: Status;
  paidAt: number | null;
  /** When the goods reached the customer (received or picked up); null while on their way. */
  receivedAt: number | null;
  /** The kinds the order holds. */
  kinds: readonly string[];
  /** When the customer consented to immediate performance; null: no consent. */
  consentAt: number | null;
  /** Whether the digital content was supplied: an eSIM downloaded or installed, a code or recharge issued. */
  supplied: boolean;
  withdrawnAt: number | null;
}

export type WithdrawalRefusal = 'not_offered' | 'expired' | 'right_lost';
export type WithdrawalVerdict = { until: number | null; kind: WithdrawalKind } | { refused: WithdrawalRefusal };

/** The statuses a withdrawal can start from: paid, and every one after it but a refund. */
export const WITHDRAWABLE_STATUSES: readonly Status[] = [
  OrderStatus.paid,
  OrderStatus.delivered,
  OrderStatus.shipped,
  OrderStatus.partialShipped,
  OrderStatus.received,
  OrderStatus.readyForPickup,
  OrderStatus.completed,
];

/**
 * The rule. Digital content: 14 days from the contract (the payment), and only while the right is
 * not lost (no consent, or not yet supplied). Goods: 14 days from their delivery (before it, at any
 * time). An order with both must satisfy both. Services (unlocking) have their own rules and are
 * not offered; nor is an order that is not an EU consumer's, unpaid, refunded or withdrawn.
 */
export function withdrawalVerdict(f: WithdrawalFacts, now: number): WithdrawalVerdict {
  const digital = f.kinds.some(isDigitalContentKind);
  const goods = f.kinds.some((k) => isPhysicalKind(k as ProductKind));
  const other = f.kinds.some((k) => !isDigitalContentKind(k) && !isPhysicalKind(k as ProductKind));
  if (!f.euConsumer || f.paidAt === null || f.withdrawnAt !== null || other || (!digital && !goods) || !WITHDRAWABLE_STATUSES.includes(f.status)) return { refused: 'not_offered' };
  const deadlines: number[] = [];
  if (digital) {
    if (f.consentAt !== null && f.supplied) return { refused: 'right_lost' };
    deadlines.push(f.paidAt + WITHDRAWAL_DAYS * DAY_MS);
  }
  if (goods && f.receivedAt !== null) deadlines.push(f.receivedAt + WITHDRAWAL_DAYS * DAY_MS);
  const until = deadlines.length > 0 ? Math.min(...deadlines) : null;
  if (until !== null && now > until) return { refused: 'expired' };
  return { until, kind: goods ? 'return' : 'refund' };
}
