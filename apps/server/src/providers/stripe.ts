import Stripe from 'stripe';
import type { Config } from '../config.ts';

/** Stripe Checkout, the online card provider (DESIGN §4). */
export interface CardProvider {
  createCheckout(input: { paymentId: string; orderNo: string; amount: number; currency: string; successUrl: string; cancelUrl: string; description: string }): Promise<{ id: string; url: string }>;
  /** Verifies a webhook and returns the event, or throws. */
  parseWebhook(rawBody: string, signature: string): Stripe.Event;
  /**
   * Closes a Checkout Session so it can no longer be paid (a superseded payment). Answers what the
   * session is now: 'expired', or 'complete' when the customer paid first (the webhook then brings
   * the money, which is refunded). Throws when Stripe could not be asked, so the job retries.
   */
  closeCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** `idempotencyKey` makes a repeated request (a job run twice) one refund at Stripe. */
  refund(input: { paymentIntent: string; amount: number; idempotencyKey?: string | undefined }): Promise<void>;
}

// Stripe's zero-decimal currencies would need a different unit; the shop sells in USD and CNY only.
export function createStripeProvider(config: NonNullable<Config['stripe']>): CardProvider {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.orderNo,
          metadata: { paymentId: input.paymentId, orderNo: input.orderNo },
          payment_intent_data: { metadata: { paymentId: input.paymentId, orderNo: input.orderNo } },
          line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
        },
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url };
    },
    parseWebhook(rawBody, signature) {
      // 300 s tolerance, as DESIGN §4 asks.
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, 300);
    },
    async closeCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
        return 'expired';
      } catch (err) {
        // Only an open session can be expired: one already expired or paid answers an error, so
        // ask what it is now; anything else (network, Stripe down) is thrown for a retry.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'open') throw err;
        return session.status === 'complete' ? 'complete' : 'expired';
      }
    },
    async refund(input) {
      await stripe.refunds.create({ payment_intent: input.paymentIntent, amount: input.amount }, { idempotencyKey: input.idempotencyKey ?? `refund-${input.paymentIntent}-${input.amount}` });
    },
  };
}
