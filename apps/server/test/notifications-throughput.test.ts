import type { Language } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { drainOutbox, enqueueMessage, type OutboxHandlers } from '../src/jobs/outbox.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { secondMerchantSelling } from './second-merchant.ts';
import { ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * The customer's mails at a checkout's pace: a worker keeps several sends in flight, two
 * workers on one outbox still send each mail once, a refused mail waits its back-off without
 * holding the others, and a checkout of several merchants' orders is one order mail.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));

const messageIdOf = (kind: string, orderNo: string) => `<n.${kind}.order.${orderNo}@simshop>`;
const orderMails = (orderNo: string) => sink.mails.filter((m) => m.messageId === messageIdOf('order_placed', orderNo));

/** Orders placed by `count` customers, their order mails queued and not yet sent. */
async function placeOrders(count: number): Promise<string[]> {
  const sku = await t.sku('ESIM-ASIA-5-7');
  const orderNos: string[] = [];
  for (let i = 0; i < count; i++) {
    const { token } = await t.signIn();
    const created = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    orderNos.push(created.body.data.orderNo);
  }
  return orderNos;
}

/** The notification handler, counting how many of its sends are in flight at once. */
function counted(handlers: OutboxHandlers, seen: { now: number; max: number }): OutboxHandlers {
  const send = handlers['notification.send']!;
  return {
    ...handlers,
    'notification.send': async (payload, job) => {
      seen.now += 1;
      seen.max = Math.max(seen.max, seen.now);
      try {
        await send(payload, job);
      } finally {
        seen.now -= 1;
      }
    },
  };
}

/** The order mails' notifications with their outbox jobs. */
async function jobsOf(orderNos: string[]) {
  const sent = await t.db.selectFrom('notifications').select(['id', 'sent_at']).where('dedupe_key', 'in', orderNos.map((n) => `order_placed:order:${n}`)).execute();
  const jobs = await t.db
    .selectFrom('outbox')
    .select(['payload', 'attempts', 'done_at', 'last_error'])
    .where('topic', '=', 'notification.send')
    .where('payload', 'in', sent.map((n) => JSON.stringify({ notificationId: n.id })))
    .execute();
  return jobs.map((j) => ({ ...j, sent_at: sent.find((n) => JSON.stringify({ notificationId: n.id }) === j.payload)!.sent_at }));
}

describe('sends in flight', () => {
  it('two workers with several sends in flight each send every one of 12 order mails once', async () => {
    const orderNos = await placeOrders(12);
    const second: Database = t.engine === 'postgres' ? createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }) : t.db;
    const seen = { now: 0, max: 0 };
    try {
      const handlers = counted(t.outboxHandlers, seen);
      const [a, b] = await Promise.all([drainOutbox(t.db, handlers, undefined, undefined, { concurrency: 4 }), drainOutbox(second, handlers, undefined, undefined, { concurrency: 4 })]);
      expect(a + b).toBeGreaterThanOrEqual(12);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    expect(seen.max).toBeGreaterThan(1);
    for (const orderNo of orderNos) expect(orderMails(orderNo), orderNo).toHaveLength(1);
    const jobs = await jobsOf(orderNos);
    expect(jobs).toHaveLength(12);
    expect(jobs.every((j) => j.attempts === 1 && j.done_at !== null && j.sent_at !== null)).toBe(true);
  });

  it('retries a mail the SMTP server refused with back-off, while the others in flight are sent', async () => {
    const orderNos = await placeOrders(6);
    sink.failNext(1);
    expect(await drainOutbox(t.db, t.outboxHandlers, undefined, undefined, { concurrency: 4 })).toBeGreaterThanOrEqual(6);
    const jobs = await jobsOf(orderNos);
    const refused = jobs.filter((j) => j.done_at === null);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringMatching(/451/) });
    expect(orderNos.filter((n) => orderMails(n).length === 1)).toHaveLength(5);
    // Not before its back-off; then once, and nothing else again.
    await drainOutbox(t.db, t.outboxHandlers, undefined, undefined, { concurrency: 4 });
    expect(orderNos.filter((n) => orderMails(n).length === 1)).toHaveLength(5);
    await drainOutbox(t.db, t.outboxHandlers, undefined, Date.now() + 60_000, { concurrency: 4 });
    for (const orderNo of orderNos) expect(orderMails(orderNo), orderNo).toHaveLength(1);
    expect((await jobsOf(orderNos)).every((j) => j.done_at !== null && j.sent_at !== null)).toBe(true);
  });

  it('runs the other jobs while one waits, and reschedules a failed one alone', async () => {
    let quick = 0;
    let failures = 0;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const handlers: OutboxHandlers = {
      // Finishes only once the three quick jobs are done: with one job at a time this drain would never end.
      'test.slow': () => gate,
      'test.fails': async () => {
        failures += 1;
        if (failures === 1) throw new Error('provider down');
      },
      'test.quick': async () => {
        quick += 1;
        if (quick === 3) openGate();
      },
    };
    await enqueueMessage(t.db, 'test.slow', {});
    await enqueueMessage(t.db, 'test.fails', {});
    for (let i = 0; i < 3; i++) await enqueueMessage(t.db, 'test.quick', { i });
    const now = Date.now();
    expect(await drainOutbox(t.db, handlers, undefined, now, { concurrency: 3 })).toBe(5);
    const rows = await t.db.selectFrom('outbox').select(['topic', 'attempts', 'done_at', 'run_after', 'last_error']).where('topic', 'like', 'test.%').execute();
    expect(rows.filter((r) => r.done_at !== null).map((r) => r.topic).sort()).toEqual(['test.quick', 'test.quick', 'test.quick', 'test.slow']);
    const failed = rows.find((r) => r.topic === 'test.fails')!;
    expect(failed).toMatchObject({ attempts: 1, done_at: null, last_error: 'provider down' });
    expect(failed.run_after).toBeGreaterThan(now);
    expect(await drainOutbox(t.db, handlers, undefined, failed.run_after, { concurrency: 3 })).toBe(1);
    expect(failures).toBe(2);
  });
});

describe('a topic that hangs', () => {
  it('holds at most its share of the places: the jobs of the other topics still run', async () => {
    let hanging = 0;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let others = 0;
    const handlers: OutboxHandlers = {
      // A mail server that never answers, until the others are done.
      'test.hangs': async () => {
        hanging += 1;
        await gate;
      },
      'test.other': async () => {
        others += 1;
        if (others === 4) openGate();
      },
    };
    for (let i = 0; i < 10; i++) await enqueueMessage(t.db, 'test.hangs', { i });
    for (let i = 0; i < 4; i++) await enqueueMessage(t.db, 'test.other', { i });
    // With 8 places, 7 for one topic: the 4 others run beside 7 hanging jobs, then the rest.
    expect(await drainOutbox(t.db, handlers, undefined, undefined, { concurrency: 8 })).toBe(14);
    expect(others).toBe(4);
    expect(hanging).toBe(10);
  });

  it('two topics that hang (one provider behind both) still leave a third its own lane', async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const hangs = async () => void (await gate);
    let issued = 0;
    const handlers: OutboxHandlers = {
      'test.mail-hangs': hangs,
      'test.notice-hangs': hangs,
      // Opens the gate: with every place held by the two topics above, the drain would never end.
      'test.issue': async () => {
        issued += 1;
        openGate();
      },
    };
    for (let i = 0; i < 10; i++) await enqueueMessage(t.db, 'test.mail-hangs', { i });
    for (let i = 0; i < 5; i++) await enqueueMessage(t.db, 'test.notice-hangs', { i });
    await enqueueMessage(t.db, 'test.issue', {});
    expect(await drainOutbox(t.db, handlers, undefined, undefined, { concurrency: 8 })).toBe(16);
    expect(issued).toBe(1);
  });
});

describe('one checkout, one order mail', () => {
  let second: { skuId: number };
  beforeAll(async () => {
    second = await secondMerchantSelling(t, 'SIM-CU-30', 'SIM-HB-MAIL');
  });

  it.each([
    ['en' as Language, (first: string) => `Orders ${first} and 1 more received`, 'Pay for your orders'],
    ['zh-Hans' as Language, (first: string) => `已收到订单 ${first} 等 2 笔`, '去付款'],
  ])('lists both merchants’ orders in one mail in %s; each order still gets its receipt', async (lang, subject, action) => {
    const buyer = await t.signIn();
    const email = (await t.db.selectFrom('users').select('email').where('id', '=', buyer.userId).executeTakeFirstOrThrow()).email!;
    const addressId = (await t.call('address', 'save', anAddress, { token: buyer.token })).body.data.id as number;
    const simA = await t.sku('SIM-CU-30');
    const paper = { paperCard: 'with_card' };
    const created = await t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paper }, { skuId: second.skuId, quantity: 1, inputs: paper }], addressId, i18n: lang }, { token: buyer.token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const orderNos = created.body.data.checkout!.orders.map((o) => o.orderNo);
    expect(orderNos).toHaveLength(2);
    await t.drain();
    const placed = ofKind(sink.to(email), 'order_placed');
    expect(placed).toHaveLength(1);
    expect(placed[0]!.messageId).toBe(messageIdOf('order_placed', orderNos[0]!));
    expect(placed[0]!.subject).toBe(subject(orderNos[0]!));
    for (const part of [placed[0]!.html as string, placed[0]!.text!]) {
      for (const orderNo of orderNos) expect(part).toContain(orderNo);
      expect(part).toContain(action);
    }
    // One payment covers both; the receipt stays one per order (each merchant's own amounts).
    await t.paySandbox(buyer.token, orderNos[0]!);
    await t.drain();
    const receipts = ofKind(sink.to(email), 'payment_received');
    expect(receipts.map((m) => m.messageId).sort()).toEqual(orderNos.map((n) => messageIdOf('payment_received', n)).sort());
    expect(ofKind(sink.to(email), 'order_placed')).toHaveLength(1);
  });
});
