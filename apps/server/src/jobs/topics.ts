import { z } from 'zod';

/**
 * Outbox topics and what each one's payload holds: the writer (enqueue) and the handler
 * (the owning module's *.jobs.ts) read the same schema, so a job written today is understood by the
 * worker that runs it, in this process or another.
 */
export const Topic = {
  orderFulfil: 'order.fulfil',
  esimCancel: 'esim.cancel',
  paymentRefund: 'payment.refund',
  paymentCloseSession: 'payment.close_session',
  messageAway: 'message.away',
  mailSend: 'mail.send',
  smsSend: 'sms.send',
  notificationSend: 'notification.send',
  // The staff's failure alerts (modules/ops-alerts): one mail per staff member, one webhook post.
  opsAlertMail: 'ops_alert.mail',
  opsAlertWebhook: 'ops_alert.webhook',
  // A reseller's webhook delivery (modules/webhooks): one try; a failed one queues the next.
  webhookDeliver: 'webhook.deliver',
  // A reseller API bulk order (modules/reseller-api): its orders, one short transaction each.
  resellerApiBulk: 'reseller_api.bulk',
} as const;
export type Topic = (typeof Topic)[keyof typeof Topic];

/** Why money goes back to a card or WeChat payment (also stored as a payment's auto-refund reason). */
export const RefundReason = { approved: 'refund_approved', superseded: 'superseded', orderNotPayable: 'order_not_payable' } as const;
export type RefundReason = (typeof RefundReason)[keyof typeof RefundReason];
/** The refunds the shop makes without staff. */
export type AutoRefundReason = typeof RefundReason.superseded | typeof RefundReason.orderNotPayable;

export const topicPayloads = {
  [Topic.orderFulfil]: z.object({ orderId: z.number().int() }),
  [Topic.esimCancel]: z.object({ iccid: z.string(), esimId: z.number().int() }),
  // `notice`: the customer to tell once the money is back (an approved refund of their order).
  [Topic.paymentRefund]: z.object({ paymentId: z.string(), amount: z.number().int(), reason: z.enum(RefundReason), key: z.string().optional(), notice: z.object({ userId: z.number().int(), orderNo: z.string() }).optional() }),
  [Topic.paymentCloseSession]: z.object({ paymentId: z.string() }),
  [Topic.messageAway]: z.object({ userId: z.number().int(), messageId: z.number().int() }),
  [Topic.mailSend]: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  [Topic.smsSend]: z.object({ to: z.string(), text: z.string() }),
  [Topic.notificationSend]: z.object({ notificationId: z.number().int() }),
  [Topic.opsAlertMail]: z.object({ alertId: z.number().int(), staffId: z.number().int(), to: z.string() }),
  [Topic.opsAlertWebhook]: z.object({ alertId: z.number().int() }),
  [Topic.webhookDeliver]: z.object({ deliveryId: z.number().int() }),
  [Topic.resellerApiBulk]: z.object({ jobId: z.string() }),
} satisfies Record<Topic, z.ZodType>;
export type TopicPayload<T extends Topic> = z.infer<(typeof topicPayloads)[T]>;
