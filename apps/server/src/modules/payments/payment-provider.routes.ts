import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requestOrigin } from '../../http/dispatch.ts';
import type { Providers } from '../../providers/index.ts';
import { orderById } from '../orders/order.service.ts';
import * as payments from './payment.repository.ts';
import { applyProviderOutcome, checkSandboxSignature, returnUrl, sandboxSignature } from './payment.service.ts';
import { renderSandboxPage } from './sandbox-page.ts';

/**
 * Where payment providers talk to the shop: the sandbox's hosted page, Stripe's webhook and
 * WeChat Pay's notifications. Each verifies the provider's signature before anything changes.
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: { db: Database; config: Config; providers: Providers }): void {
  const { db, config, providers } = deps;

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Signatures are over the exact bytes received.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 262_144 }, (_req, body, done) => done(null, body));

    if (config.sandboxPayments) {
      scope.get<{ Params: { id: string } }>('/fetch/pay/sandbox/:id', async (request, reply) => {
        const payment = await payments.findPayment(db, request.params.id);
        const order = payment && payment.method === 'sandbox' ? await orderById(db, payment.order_id) : undefined;
        if (!payment || !order) return reply.code(404).type('text/plain').send('Not found');
        const zh = /^zh/i.test(request.headers['accept-language'] ?? '');
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderSandboxPage({ paymentId: payment.id, orderNo: order.order_no, amount: payment.amount, currency: payment.currency, status: payment.status, zh, approveSig: sandboxSignature(config, payment.id, 'approve'), declineSig: sandboxSignature(config, payment.id, 'decline') }));
      });

      scope.post<{ Params: { id: string } }>('/fetch/pay/sandbox/:id', async (request, reply) => {
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        const outcome = form.get('outcome');
        const sig = form.get('sig') ?? '';
        if ((outcome !== 'approve' && outcome !== 'decline') || !checkSandboxSignature(config, request.params.id, outcome, sig)) return reply.code(400).type('text/plain').send('Bad request');
        const payment = await payments.findPayment(db, request.params.id);
        const order = payment ? await orderById(db, payment.order_id) : undefined;
        if (!payment || !order) return reply.code(404).type('text/plain').send('Not found');
        await applyProviderOutcome(db, { provider: 'sandbox', eventId: `${payment.id}:${outcome}`, paymentId: payment.id, succeeded: outcome === 'approve', amount: payment.amount, currency: payment.currency, providerRef: `sandbox-${payment.id.slice(0, 8)}` }, Date.now());
        return reply.redirect(returnUrl(requestOrigin(config, request), order.order_no), 303);
      });
    }

    scope.post('/fetch/pay/stripe/webhook', async (request, reply) => {
      if (!providers.card) return reply.code(404).send({ error: 'card payments are not configured' });
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = providers.card.parseWebhook(typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : '');
      } catch {
        return reply.code(400).send({ error: 'signature' });
      }
      const session = event.data.object as { metadata?: Record<string, string> | null; amount_total?: number | null; currency?: string | null; payment_intent?: string | { id: string } | null; payment_status?: string };
      const paymentId = session.metadata?.paymentId;
      const handled = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired'];
      if (!paymentId || !handled.includes(event.type)) return reply.send({ received: true, outcome: 'ignored' });
      if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return reply.send({ received: true, outcome: 'awaiting_async_payment' });
      const succeeded = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      const outcome = await applyProviderOutcome(db, { provider: 'stripe', eventId: event.id, paymentId, succeeded, amount: session.amount_total ?? -1, currency: session.currency ?? '', providerRef: intent }, Date.now());
      return reply.send({ received: true, outcome });
    });

    scope.post('/fetch/pay/wechat/notify', async (request, reply) => {
      if (!providers.wechat) return reply.code(404).send({ code: 'FAIL', message: 'not configured' });
      try {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
        const n = providers.wechat.parseNotification(headers, typeof request.body === 'string' ? request.body : '');
        await applyProviderOutcome(db, { provider: 'wechat', eventId: n.eventId, paymentId: n.paymentId, succeeded: n.succeeded, amount: n.amount, currency: n.currency, providerRef: n.transactionId }, Date.now());
        return reply.send({ code: 'SUCCESS', message: 'OK' });
      } catch (err) {
        request.log.warn({ err }, 'wechat notification refused');
        return reply.code(400).send({ code: 'FAIL', message: 'verification failed' });
      }
    });
  });
}
