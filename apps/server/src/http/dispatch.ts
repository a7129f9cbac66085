import { API_BASE, checkSignature, endpointAt, fail, fullApi, ok, roleCan, SIGNATURE_HEADERS, serverErrors, type ActionDef } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Providers } from '../providers/index.ts';
import type { resolveSession } from '../modules/sessions/session.service.ts';
import type { hashToken } from '../modules/sessions/session-store.ts';
import type { resolveStaffSession, waitsForPasswordChange } from '../modules/staff/staff.service.ts';
import type { recordSecurityEvent } from '../modules/security/security-event.service.ts';
import { parseCookie } from 'cookie';
import type { merchantScopeRefusal } from '../modules/merchants/merchant-scope.ts';
import { AppError } from '../lib/app-error.ts';
import type { RequestContext, StaffContext } from './context.ts';
import { isHandlerResult, isUnchanging, type RegisteredHandler } from './handlers.ts';
import { nodeSignature } from './signature.ts';
import { forgedConsoleRequest, staffCredential, staffSessionCookie } from './staff-cookie.ts';

/**
 * What the dispatcher needs from the modules that own sessions, staff, merchants' scope and
 * security events. app.ts hands them in: http/ sits below every module (each module's routes
 * import http/handlers.ts), so it imports none.
 */
export interface DispatchAccess {
  hashToken: typeof hashToken;
  resolveSession: typeof resolveSession;
  resolveStaffSession: typeof resolveStaffSession;
  waitsForPasswordChange: typeof waitsForPasswordChange;
  merchantScopeRefusal: typeof merchantScopeRefusal;
  recordSecurityEvent: typeof recordSecurityEvent;
}

/**
 * The one route behind every `POST /fetch/<path>.do?action=<name>` (DESIGN §3): it checks the
 * signature, finds the contract action, resolves the session, validates the body with the
 * contract's schema, runs the handler and wraps the result in the envelope.
 */
export function registerDispatch(app: FastifyInstance, deps: { db: Database; config: Config; handlers: RegisteredHandler[]; providers: Providers; access: DispatchAccess; onApiError?: (code: number) => void }): void {
  const { hashToken, resolveSession, resolveStaffSession, waitsForPasswordChange, merchantScopeRefusal, recordSecurityEvent } = deps.access;
  const table = new Map<string, RegisteredHandler>();
  for (const h of deps.handlers) {
    const key = `${fullApi[h.endpoint].path}:${h.action}`;
    if (table.has(key)) throw new Error(`Two handlers for ${key}`);
    table.set(key, h);
  }

  app.register(async (scope) => {
    // The signature covers the body exactly as sent, so keep it as a string and parse it here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    // Every refusal is an envelope object serialised here (successes mostly go out as ready bytes).
    const onApiError = deps.onApiError;
    if (onApiError) {
      scope.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
        const code = (payload as { code?: unknown } | null)?.code;
        if (typeof code === 'number' && code !== 0) onApiError(code);
        return payload;
      });
    }

    scope.post(`${API_BASE}/*`, async (request, reply) => {
      const path = request.url.slice(API_BASE.length).split('?')[0] ?? '';
      const endpoint = endpointAt(path);
      if (!endpoint) return reply.code(404).send(fail(serverErrors.notFound));
      const query = rawQuery(request.url);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const token = header(request, SIGNATURE_HEADERS.token);

      const signed = verifySignature(deps.config, request, { query, body: endpoint.unsignedBody ? '' : rawBody, token });
      if (signed !== 'ok') {
        // A stale timestamp is a client's clock (it resyncs from serverTime); others are forged or broken.
        if (signed !== 'stale') await recordSecurityEvent(deps.db, request.log, { kind: 'signature_invalid', ip: request.ip, detail: `${signed} ${path}` }, Date.now());
        return send(reply, fail(serverErrors.signatureInvalid, undefined, { reason: signed, serverTime: Date.now() }));
      }

      const actionName = (request.query as Record<string, unknown>).action;
      const action = typeof actionName === 'string' ? endpoint.actions[actionName] : undefined;
      const handler = typeof actionName === 'string' ? table.get(`${endpoint.path}:${actionName}`) : undefined;
      if (!action || !handler) return send(reply, fail(serverErrors.actionInvalid, 'action'));

      const now = Date.now();
      // Staff and customers have separate session tables: a customer's token is unknown to
      // admin actions and a staff token is unknown to the shop's.
      let ctx: RequestContext | StaffContext;
      let cookies: Record<string, string | undefined> | undefined;
      const base = {
        db: deps.db,
        config: deps.config,
        session: null,
        ip: request.ip,
        now,
        providers: deps.providers,
        origin: requestOrigin(deps.config, request),
        log: request.log,
        cookie: (name: string) => (cookies ??= parseCookie(request.headers.cookie ?? ''))[name],
        setCookie: (serialised: string) => void reply.header('set-cookie', serialised),
      };
      if (action.access === 'staff') {
        // The console's session is an HttpOnly cookie (staff-cookie.ts); a `token` header still works.
        const credential = staffCredential(request, token);
        if (forgedConsoleRequest(request, credential)) return send(reply, fail(serverErrors.consoleHeaderMissing));
        const staff = credential ? await resolveStaffSession(deps.db, credential.token, now) : null;
        if (!staff) {
          if (credential?.via === 'cookie') reply.header('set-cookie', staffSessionCookie(deps.config, null));
          return reply.code(401).send(fail(credential ? serverErrors.sessionExpired : serverErrors.unauthenticated));
        }
        const refused = (kind: 'permission_denied' | 'merchant_scope_denied') =>
          recordSecurityEvent(deps.db, request.log, { kind, staffId: staff.staffId, account: staff.email, ip: request.ip, detail: `${handler.endpoint}.${String(actionName)}` }, now);
        if (waitsForPasswordChange(staff, handler.endpoint, String(actionName))) return send(reply, fail(serverErrors.staffPasswordChangeRequired));
        if (action.permission && !roleCan(staff.role, action.permission)) {
          await refused('permission_denied');
          return send(reply, fail(serverErrors.permissionDenied));
        }
        // A merchant's staff reach only their merchant's objects (scope table in the contract).
        if (staff.merchantId !== null) {
          const refusal = await merchantScopeRefusal(deps.db, handler.endpoint, String(actionName), staff.merchantId, rawBody);
          if (refusal) {
            await refused('merchant_scope_denied');
            return send(reply, refusal);
          }
        }
        ctx = { ...base, staff, actor: { staffId: staff.staffId, label: staff.email, ip: request.ip, written: 0 } };
      } else {
        const tokenHash = token ? hashToken(token) : '';
        // The handler's own first read, keyed by the token, goes out with the session lookup; it is
        // awaited (and its failure reported) only by a handler that runs, so a refused call ignores it.
        const prefetched = token && handler.prefetch ? handler.prefetch(deps.db, tokenHash) : undefined;
        prefetched?.catch(() => {});
        const session = token ? await resolveSession(deps.db, deps.config, token, now, tokenHash) : null;
        if (action.access !== 'public') {
          if (!session) return reply.code(401).send(fail(token ? serverErrors.sessionExpired : serverErrors.unauthenticated));
          if (action.access === 'reseller' && !session.isReseller) return send(reply, fail(serverErrors.permissionDenied));
        }
        ctx = prefetched ? { ...base, session, prefetched } : { ...base, session };
      }

      const input = parseBody(action, rawBody);
      if (!input.ok) return send(reply, input.envelope);

      try {
        const result = await handler.run(ctx, input.value);
        // Every write by staff leaves an audit row: a write action that wrote none is a bug, caught in tests.
        if (action.write && 'actor' in ctx && ctx.actor.written === 0 && deps.config.env !== 'production') throw new Error(`${endpoint.path}?action=${actionName} wrote no audit row`);
        const envelope = isHandlerResult(result) ? ok(result.data, result.total) : ok(result);
        if (deps.config.env !== 'production') assertResponseShape(action, envelope.data, `${endpoint.path}?action=${actionName}`);
        if (isUnchanging(result)) return sendJson(reply, envelopeBytes(result));
        return send(reply, envelope);
      } catch (err) {
        if (err instanceof AppError) return send(reply, fail(err.def, err.field, err.data));
        request.log.error({ err }, 'handler failed');
        return send(reply, fail(serverErrors.serverError));
      }
    });
  });
}

export function requestOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

function send(reply: FastifyReply, envelope: unknown) {
  return reply.code(200).header('cache-control', 'no-store').send(envelope);
}

/** The envelopes of results handlers give again unchanged (handlers.ts `unchanging`), serialised once. */
const serialised = new WeakMap<object, Buffer>();

function envelopeBytes(data: object): Buffer {
  let bytes = serialised.get(data);
  // The same bytes as Fastify's own serialisation of the envelope (JSON.stringify).
  if (!bytes) serialised.set(data, (bytes = Buffer.from(JSON.stringify(ok(data)))));
  return bytes;
}

function sendJson(reply: FastifyReply, bytes: Buffer) {
  return reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8').send(bytes);
}

function header(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

export function rawQuery(url: string): string {
  const i = url.indexOf('?');
  return i === -1 ? '' : url.slice(i + 1);
}

export function verifySignature(config: Config, request: FastifyRequest, signed: { query: string; body: string; token: string }) {
  if (header(request, SIGNATURE_HEADERS.certificate) !== config.signing.certificate) return 'missing' as const;
  return checkSignature(config.signing.secret, { ...signed, timestamp: header(request, SIGNATURE_HEADERS.timestamp) }, header(request, SIGNATURE_HEADERS.signature) || undefined, Date.now(), nodeSignature);
}

type Parsed = { ok: true; value: unknown } | { ok: false; envelope: ReturnType<typeof fail> };

function parseBody(action: ActionDef, rawBody: string): Parsed {
  let json: unknown = {};
  if (rawBody.trim() !== '') {
    try {
      json = JSON.parse(rawBody);
    } catch {
      return { ok: false, envelope: fail(serverErrors.paramInvalid, 'body') };
    }
  }
  const result = action.request.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, envelope: validationFailure(result.error, json) };
}

/** Names the first wrong field; a missing one is "required parameter missing". */
export function validationFailure(error: z.ZodError, input: unknown) {
  const issues = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message, code: i.code }));
  const first = error.issues[0];
  const field = first?.path.join('.') || 'body';
  const missing = first !== undefined && valueAt(input, first.path) === undefined;
  return fail(missing ? serverErrors.paramMissing : serverErrors.paramInvalid, field, { issues });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function assertResponseShape(action: ActionDef, data: unknown, where: string): void {
  const result = action.response.safeParse(data);
  if (!result.success) throw new Error(`Response of ${where} does not match the contract: ${z.prettifyError(result.error)}`);
}
