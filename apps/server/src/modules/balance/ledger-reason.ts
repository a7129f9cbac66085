/** Ledger reasons: the order number follows, so billing and the console show which order moved the money. */
export const LedgerReason = {
  /** An order paid from the balance. */
  order: (orderNo: string) => `order ${orderNo}`,
  /** An approved refund of an order paid from the balance. */
  refund: (orderNo: string) => `refund ${orderNo}`,
  /** A paid top-up order filled the balance. */
  topup: (orderNo: string) => `topup ${orderNo}`,
  /** A refunded top-up order took its money back out. */
  topupRefund: (orderNo: string) => `topup refund ${orderNo}`,
} as const;
