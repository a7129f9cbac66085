import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import { API_BASE, CODE_PURPOSES, endpointAt, type CodePurpose } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';

/** The path Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** What the rest of the server reports into: requests (by the hook here), API errors, jobs. */
export interface ShopMetrics {
  registry: Registry;
  /** A request answered: its route and action labels, status and time. */
  observeRequest(labels: { route: string; action: string }, statusCode: number, seconds: number): void;
  /** An API answer carrying a catalogue error (the envelope's code). */
  countApiError(code: number): void;
  /** A background job ran. */
  observeJob(topic: string, outcome: 'done' | 'failed', seconds: number): void;
  /** A gauge read from the database at each scrape (the outbox's depth, orders by status, …). */
  gaugeFromDatabase(name: string, help: string, labelNames: readonly string[], read: () => Promise<Array<{ labels?: Record<string, string>; value: number }>>): void;
}

/**
 * Verification codes queued for sending, counted where the code is queued: one counter for the
 * process (its shop's apps all show it), not a gauge from the database, which keeps neither the
 * channel nor the purpose of what it sent for good (codes are pruned once expired; the SMS budget is
 * a day's texts of every kind). `line`: a SIM's ownership code, texted by the carrier.
 */
const codesSent = new Counter({ name: 'simshop_codes_sent_total', help: 'Verification codes queued for sending in this process, by channel and purpose', labelNames: ['channel', 'purpose'], registers: [] });
for (const purpose of [...CODE_PURPOSES, 'line' as const]) for (const channel of purpose === 'line' ? ['sms'] : ['email', 'sms']) codesSent.inc({ channel, purpose }, 0);

/** A verification code was queued (or handed to the carrier) for `channel`. */
export function countCodeSent(channel: 'email' | 'sms', purpose: CodePurpose | 'line'): void {
  codesSent.inc({ channel, purpose });
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/**
 * Prometheus metrics with prom-client: the process's own (CPU, memory, event loop, GC), each
 * request's duration by route and API action, API errors by catalogue code, job runs by topic,
 * verification codes sent, and gauges the database answers at each scrape (so every process of a shared PostgreSQL reports
 * the same shop). Labels take only values the contract or the router knows: an unknown path or
 * action is `other`, so a scanner cannot grow the series without bound.
 */
export function createMetrics(): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'simshop_' });
  registry.registerMetric(codesSent);
  const requests = new Histogram({ name: 'simshop_http_request_duration_seconds', help: 'HTTP requests by route, API action and status class', labelNames: ['route', 'action', 'status'], buckets: SECONDS_BUCKETS, registers: [registry] });
  const apiErrors = new Counter({ name: 'simshop_api_errors_total', help: 'API answers carrying a catalogue error, by its code', labelNames: ['code'], registers: [registry] });
  const jobs = new Histogram({ name: 'simshop_job_duration_seconds', help: 'Background jobs run, by topic and outcome', labelNames: ['topic', 'outcome'], buckets: JOB_BUCKETS, registers: [registry] });
  return {
    registry,
    observeRequest: (labels, statusCode, seconds) => requests.observe({ ...labels, status: `${Math.floor(statusCode / 100)}xx` }, seconds),
    countApiError: (code) => apiErrors.inc({ code: String(code) }),
    observeJob: (topic, outcome, seconds) => jobs.observe({ topic, outcome }, seconds),
    gaugeFromDatabase(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await read()) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}

/** `/uni/api/v1/order?action=create` → route `/order`, action `create`; anything else by the router's pattern. */
function labelsOf(request: FastifyRequest): { route: string; action: string } {
  const url = request.url;
  if (url.startsWith(`${API_BASE}/`)) {
    const [path = '', query = ''] = url.slice(API_BASE.length).split('?');
    const endpoint = endpointAt(path);
    if (!endpoint) return { route: 'api:other', action: 'other' };
    const action = new URLSearchParams(query).get('action') ?? '';
    return { route: path, action: Object.hasOwn(endpoint.actions, action) ? action : 'other' };
  }
  return { route: request.routeOptions.url ?? 'unmatched', action: '' };
}

/** The request hook that times every answer, and `GET /metrics` for the allowed callers only. */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics, config: Config): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url !== METRICS_PATH) metrics.observeRequest(labelsOf(request), reply.statusCode, reply.elapsedTime / 1000);
  });
  const allowed = new BlockList();
  for (const range of config.metrics.allow) {
    const [address = '', prefix = ''] = range.split('/');
    allowed.addSubnet(address, Number(prefix), isIPv6(address) ? 'ipv6' : 'ipv4');
  }
  const token = config.metrics.token ? Buffer.from(`Bearer ${config.metrics.token}`) : null;
  app.get(METRICS_PATH, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const byToken = token !== null && given.length === token.length && timingSafeEqual(given, token);
    const ip = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
    if (!byToken && !allowed.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4')) return reply.code(403).header('cache-control', 'no-store').send('forbidden\n');
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}
