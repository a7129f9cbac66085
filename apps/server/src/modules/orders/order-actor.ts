/**
 * Who moved an order, as its history (order_events.actor) records it: the customer, the
 * system's own jobs, a staff member (`admin:<email>` or `admin:cli:<user>`) or a payment provider.
 */
export type OrderActor = `user:${number}` | 'system' | 'system:rule' | `admin:${string}` | `provider:${string}`;

export const OrderActor = {
  user: (userId: number): OrderActor => `user:${userId}`,
  system: 'system' as OrderActor,
  /** The shop's own rule deciding for staff (a refund of an eSIM never installed); customers see "system". */
  rule: 'system:rule' as OrderActor,
  admin: (label: string): OrderActor => `admin:${label}`,
  provider: (provider: 'sandbox' | 'stripe' | 'wechat'): OrderActor => `provider:${provider}`,
};

/** The mover as the customer's order history names it: "customer" for themselves, else the kind of actor ("admin", "system", "provider"). */
export const shownActor = (actor: string): string => (actor.startsWith('user:') ? 'customer' : actor.split(':')[0]!);
