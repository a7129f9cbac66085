import { z } from 'zod';

/**
 * Multi-merchant shops. The platform itself is merchant 1 (`PLATFORM_MERCHANT_ID`):
 * everything that existed before merchants belongs to it. A merchant's status changes only through
 * `MERCHANT_TRANSITIONS`, applied by the server's merchants service in a transaction with its audit row.
 */
export const PLATFORM_MERCHANT_ID = 1;

export const MerchantStatus = {
  applied: 'applied',
  active: 'active',
  suspended: 'suspended',
} as const;
export type MerchantStatus = (typeof MerchantStatus)[keyof typeof MerchantStatus];
export const merchantStatusSchema = z.enum(MerchantStatus);
export const MERCHANT_STATUSES: readonly MerchantStatus[] = Object.values(MerchantStatus);

/** Who sells a product or an order: what the shop shows as "sold by". */
export const merchantSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An image string like products' images, or null. */
  logo: z.string().nullable(),
});
export type MerchantSummary = z.infer<typeof merchantSummarySchema>;

export const MERCHANT_EVENTS = ['approve', 'suspend', 'reactivate'] as const;
export type MerchantEvent = (typeof MERCHANT_EVENTS)[number];

/** from-statuses → to-status for each event: the one place a merchant's status rule lives. */
export const MERCHANT_TRANSITIONS: Readonly<Record<MerchantEvent, readonly [from: readonly MerchantStatus[], to: MerchantStatus]>> = {
  approve: [[MerchantStatus.applied], MerchantStatus.active],
  suspend: [[MerchantStatus.active], MerchantStatus.suspended],
  reactivate: [[MerchantStatus.suspended], MerchantStatus.active],
};

export function canApplyMerchantEvent(event: MerchantEvent, from: MerchantStatus): boolean {
  return MERCHANT_TRANSITIONS[event][0].includes(from);
}

/** The events a console offers for a merchant in this status. */
export function merchantEventsFor(status: MerchantStatus): MerchantEvent[] {
  return MERCHANT_EVENTS.filter((e) => canApplyMerchantEvent(e, status));
}
