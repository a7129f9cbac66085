/** The mail bench's figures (mail-outbox.ts) and their markdown. */
export interface KindCount {
  kind: string;
  expected: number;
  /** Distinct Message-IDs of the round's orders that arrived. */
  distinct: number;
  arrivals: number;
  duplicates: number;
  missing: number;
  /** Order mails not sent because their order was paid before their turn (none missing, none twice). */
  skipped?: number;
}

export interface RoundResult {
  name: 'at load' | 'backlog';
  orders: number;
  refused: number;
  buyers: number;
  buySeconds: number;
  ordersPerSecond: number;
  helloRequestsPerSecond: number;
  ordersRatio: number;
  /** Pay answer to the arrival of the order's "payment received" mail. */
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Mails of the round that had arrived when the last order was paid. */
  mailsAtBuyEnd: number;
  drainedAfterBuy: number;
  drainSeconds: number;
  mailsPerSecond: number;
  mailsRatio: number;
  serverCpuMsBuying: number;
  serverCpuUsPerMail: number;
  sinkCpuUsPerMail: number;
  kinds: KindCount[];
  otherMails: number;
  loadAverage: number[];
}

export interface EngineResult {
  engine: 'sqlite' | 'postgres';
  /** The query string on SMTP_URL (nodemailer's options), '' for none. */
  smtpUrlOptions: string;
  rounds: RoundResult[];
}

const s = (ms: number) => (Number.isNaN(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Whether each budget is met, from one engine's rounds. */
export function budgets(r: EngineResult, budget: { latencyMs: number; mailsPerSecond: number }) {
  const load = r.rounds.find((x) => x.name === 'at load')!;
  const backlog = r.rounds.find((x) => x.name === 'backlog')!;
  const exact = r.rounds.every((x) => x.kinds.every((k) => k.missing === 0 && k.duplicates === 0));
  return [
    { budget: `every paid order's mail handed to SMTP within ${budget.latencyMs / 1000} s at the checkout load`, figure: `max ${s(load.latencyMs.max)} (p99 ${s(load.latencyMs.p99)})`, met: load.latencyMs.max <= budget.latencyMs && load.kinds.every((k) => k.missing === 0) },
    { budget: `${backlog.orders} paid orders make exactly ${backlog.orders} "payment received" mails (by Message-ID, none twice)`, figure: r.rounds.map((x) => x.kinds.map((k) => `${k.kind} ${k.distinct}/${k.expected}, ${k.duplicates} twice${k.skipped !== undefined ? `, ${k.skipped} skipped as paid` : ''}`).join('; ')).join(' · '), met: exact },
    { budget: `the outbox drains ≥ ${budget.mailsPerSecond} mails/s with ${backlog.orders} paid orders waiting`, figure: `${backlog.mailsPerSecond} mails/s`, met: backlog.mailsPerSecond >= budget.mailsPerSecond },
  ];
}

export function mailOutboxMarkdown(results: EngineResult[], budget: { latencyMs: number; mailsPerSecond: number }): string {
  const parts: string[] = [];
  for (const r of results) {
    parts.push(`## ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, SMTP_URL ${r.smtpUrlOptions ? `with \`?${r.smtpUrlOptions}\`` : 'as configured (no options)'}\n`);
    parts.push('| budget | figure | met |\n|---|---|---|');
    for (const b of budgets(r, budget)) parts.push(`| ${b.budget} | ${b.figure} | ${mark(b.met)} |`);
    parts.push('');
    parts.push(
      '| round | orders (buyers) | orders/s | hello req/s | orders ratio | pay → mail p50 / p95 / p99 / max | mails arrived while buying | mails after, in | mails/s | mails ratio | server CPU µs/mail | sink CPU µs/mail | load avg (start, end) |',
    );
    parts.push('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const x of r.rounds) {
      const l = x.latencyMs;
      parts.push(
        `| ${x.name} | ${x.orders} (${x.buyers}) | ${x.ordersPerSecond} | ${x.helloRequestsPerSecond} | ${(x.ordersRatio * 100).toFixed(2)} % | ${s(l.p50)} / ${s(l.p95)} / ${s(l.p99)} / ${s(l.max)} | ${x.mailsAtBuyEnd} | ${x.drainedAfterBuy} in ${x.drainSeconds} s | **${x.mailsPerSecond}** | ${(x.mailsRatio * 100).toFixed(3)} % | ${x.serverCpuUsPerMail} | ${x.sinkCpuUsPerMail} | ${x.loadAverage.join(', ')} |`,
      );
    }
    parts.push('');
  }
  parts.push(
    [
      'How: the server (production build, default log level), the SMTP sink (smtp-server, reads only the header), a bare Fastify hello world and the buyers (this process) are four processes; both rounds run on one fresh demo database.',
      'Each order is an ECode the reseller creates and pays from the balance, 10 buyers at once as in the checkout bench; each queues two mails, "order placed" (with the order) and "payment received" (in the payment\'s transaction by `markOrderPaid`); an order mail whose turn comes after its order was paid is skipped, as "waiting for payment" would be untrue (counted from the notifications table).',
      '"at load": the sink answers at once; the latency is from the pay answer to the arrival of the order\'s "payment received" mail. "backlog": the sink holds every message while the orders are made (the worker waits on its first send), then answers; mails/s is every mail of the round over the time from then to the last.',
      'Ratios are to the hello world measured (5 s, same connections) just before each round. A mail counted missing had not arrived when the round stopped waiting (BENCH_MAIL_WAIT_MS); the worker goes on sending it in the next round.',
    ].join('\n'),
  );
  return parts.join('\n');
}
