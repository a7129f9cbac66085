import { API_RATE_LIMIT, ApiKeyMode, normalizeLanguage, PROBLEM_CONTENT_TYPE, RATE_LIMIT_HEADERS, RESELLER_API_BASE, resellerApiOperations, serverErrors, toProblem, validationTexts, type ApiOperation, type ErrorDef, type Language, type ResellerApiOperationName } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { Providers } from '../../providers/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticateKey, requireScope, type ApiCaller } from '../api-keys/api-keys.service.ts';
import { count } from '../security/rate-limit.service.ts';
import type { Sandbox } from '../sandbox/sandbox-plane.ts';
import { registerResellerApiDocs } from './reseller-api-docs.routes.ts';
import { Download } from './reseller-api-export.service.ts';
import { buildResellerOpenApi } from './reseller-api-openapi.ts';
import { operationImplementations, Stored, type OperationInput } from './reseller-api.service.ts';

/**
 * The reseller REST API under /api/v1, its routes made from the contract's operation list: the
 * bearer key (known, not revoked, allowed from this address), the per-key rate limit (counted in
 * the database, so every process shares it), the operation's scope, its inputs checked by the
 * contract's schemas, and every refusal as an RFC 9457 problem in the Accept-Language language.
 * A test key's operation runs on the sandbox's database and providers; its key, rate limit and
 * last use stay on the live database.
 */
const WINDOW_MS = (API_RATE_LIMIT.burst / API_RATE_LIMIT.perSecond) * 1000;

/** The field a service names (the shop's wire names) as the API's request calls it. */
function apiField(op: ApiOperation, field: string | undefined): string | null {
  if (!field) return null;
  if (field.startsWith('items.0.')) return `body.${field.slice('items.0.'.length)}`;
  if (field === 'orderNo') return op.params ? 'path.id' : 'query.order';
  if (field === 'iccid') return op.params ? 'path.iccid' : 'body.iccid';
  return field.includes('.') ? field : `body.${field}`;
}

/** Text parameters of a catalogue message (`{{ip}}`), from an error's data. */
function paramsOf(data: unknown): Record<string, string | number> {
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(Object.entries(data).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
}

function sendProblem(reply: FastifyReply, def: ErrorDef, lang: Language, extra: Parameters<typeof toProblem>[2] = {}) {
  // RFC 6750: a refused bearer credential names the scheme to use.
  if (def.status === 401) reply.header('www-authenticate', 'Bearer realm="simshop reseller API"');
  return reply.code(def.status).type(PROBLEM_CONTENT_TYPE).send(toProblem(def, lang, extra));
}

/** The first issue of a failed parse as a problem's field and detail (the contract's validation texts where the schema names one). */
function invalid(reply: FastifyReply, lang: Language, where: 'path' | 'query' | 'body', error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = [where, ...issue.path.map(String)].join('.');
  const say = (l: Language) => `${field}: ${validationTexts[l][issue.message] ?? issue.message}`;
  return sendProblem(reply, serverErrors.paramInvalid, lang, { field, detail: { en: say('en'), zh: say('zh-Hans') } });
}

/** Counts the request against the key's window; false when it is over the limit (answered 429). */
async function withinRateLimit(db: Database, caller: ApiCaller, reply: FastifyReply, lang: Language, now: number): Promise<boolean> {
  const { count: used, windowStart } = await count(db, { key: `api:key:${caller.keyId}`, max: API_RATE_LIMIT.burst, windowMs: WINDOW_MS }, now);
  const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
  reply.header(RATE_LIMIT_HEADERS.limit, API_RATE_LIMIT.burst);
  reply.header(RATE_LIMIT_HEADERS.remaining, Math.max(0, API_RATE_LIMIT.burst - used));
  reply.header(RATE_LIMIT_HEADERS.reset, resetSeconds);
  if (used <= API_RATE_LIMIT.burst) return true;
  reply.header(RATE_LIMIT_HEADERS.retryAfter, resetSeconds);
  sendProblem(reply, serverErrors.tooFrequent, lang, { retryAfter: resetSeconds });
  return false;
}

/** Where an operation runs: the live database and network, or the sandbox's for a test key. */
interface Plane {
  db: Database;
  providers: Pick<Providers, 'carrier'>;
}
type SandboxFor = Pick<Sandbox, 'forRequest'>;

/** The units of one SKU an order asks for (the sandbox stocks its ECodes first); null for any other operation or a top-up. */
function unitsAsked(name: ResellerApiOperationName, body: unknown): { skuId: number; quantity: number } | null {
  if (name !== 'createOrder' && name !== 'createBulkOrder') return null;
  const b = body as { skuId?: number; quantity?: number; iccid?: string };
  return b.skuId !== undefined && b.quantity !== undefined && b.iccid === undefined ? { skuId: b.skuId, quantity: b.quantity } : null;
}

/** The served OpenAPI document, made on its first request: it follows from the contract alone. */
let openApiDocument: Record<string, unknown> | undefined;

export function registerResellerApi(app: FastifyInstance, deps: { db: Database; providers: Pick<Providers, 'carrier'>; sandbox: SandboxFor }): void {
  const live: Plane = { db: deps.db, providers: deps.providers };
  app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => sendProblem(reply, serverErrors.notFound, normalizeLanguage(request.headers['accept-language'])));
      api.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
        const lang = normalizeLanguage(request.headers['accept-language']);
        const op = (request.routeOptions.config as { operation?: ApiOperation }).operation;
        if (err instanceof AppError) return sendProblem(reply, err.def, lang, { field: op ? apiField(op, err.field) : null, params: paramsOf(err.data) });
        // Fastify's own refusals of the request (no JSON, bad JSON, too large): the request was wrong.
        if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return sendProblem(reply, serverErrors.paramInvalid, lang, { field: 'body' });
        request.log.error({ err }, 'reseller API request failed');
        return sendProblem(reply, serverErrors.serverError, lang);
      });
      for (const [name, operation] of Object.entries(resellerApiOperations) as [ResellerApiOperationName, ApiOperation][]) {
        api.route({
          method: operation.method,
          url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
          config: { operation },
          handler: async (request, reply) => {
            if (name === 'openapi') return (openApiDocument ??= buildResellerOpenApi());
            return run(live, deps.sandbox, name, operation, request, reply);
          },
        });
      }
    },
    { prefix: RESELLER_API_BASE },
  );
  // The reference page beside the operations: HTML and a script, not an operation of the API.
  registerResellerApiDocs(app);
}

async function run(live: Plane, sandbox: SandboxFor, name: Exclude<ResellerApiOperationName, 'openapi'>, op: ApiOperation, request: FastifyRequest, reply: FastifyReply) {
  const db = live.db;
  const lang = normalizeLanguage(request.headers['accept-language']);
  const now = Date.now();
  const caller = await authenticateKey(db, request.headers.authorization, request.ip, now);
  if (!(await withinRateLimit(db, caller, reply, lang, now))) return reply;
  requireScope(caller, op.scope!);
  const parts = { path: [op.params, request.params], query: [op.query, request.query], body: [op.body, request.body] } as const;
  const parsed: Record<string, unknown> = {};
  for (const [where, [schema, value]] of Object.entries(parts) as ['path' | 'query' | 'body', readonly [z.ZodType | undefined, unknown]][]) {
    if (!schema) continue;
    const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
    if (!result.success) return invalid(reply, lang, where, result.error);
    parsed[where] = result.data;
  }
  const plane: Plane = caller.mode === ApiKeyMode.test ? await sandbox.forRequest(db, caller.userId, unitsAsked(name, parsed.body), now) : live;
  const key = request.headers['idempotency-key'];
  const input = { caller, params: parsed.path, query: parsed.query, body: parsed.body, idempotencyKey: typeof key === 'string' ? key : undefined, lang, now, carrier: plane.providers.carrier };
  const result = await (operationImplementations[name] as (db: Database, input: OperationInput<typeof name>) => Promise<unknown>)(plane.db, input as OperationInput<typeof name>);
  if (result instanceof Stored) {
    if (result.answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.answer.status).type('application/json; charset=utf-8').send(result.answer.body);
  }
  if (result instanceof Download) return reply.code(op.status).type(result.contentType).header('content-disposition', `attachment; filename="${result.fileName}"`).send(result.body);
  if (op.contentType) reply.type(op.contentType);
  return reply.code(op.status).send(result);
}
