import { allEndpoints, API_BASE, DOWNLOAD_PATH, envelopeSchema, errorTexts, HEALTH_PATHS, healthResponseSchema, serverErrors, SIGNATURE_HEADERS } from '@simshop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from './db/database.ts';
import { headerToken, staffCredential } from './http/staff-cookie.ts';
import { resolveStaffSession } from './modules/staff/staff.service.ts';

/**
 * OpenAPI 3.1 generated from the contract, the only definition of the wire. Every action is a
 * POST on its path with the action in the query; OpenAPI keys operations by path alone, so each
 * action is listed under `<path>?action=<name>`, the URL a client actually calls.
 */
export function buildOpenApi(options: { staff: boolean } = { staff: true }): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const securedHeaders = ['certificate', 'timestamp', 'signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } }));
  for (const endpoint of allEndpoints()) {
    for (const [action, def] of Object.entries(endpoint.actions)) {
      // The console's endpoints (its sign-in included) are listed for staff only.
      if (!options.staff && (def.access === 'staff' || endpoint.path.startsWith('/admin/'))) continue;
      paths[`${API_BASE}${endpoint.path}?action=${action}`] = {
        post: {
          operationId: `${endpoint.path.replace(/[^a-z0-9]+/gi, '_')}_${action}`,
          summary: def.summary,
          tags: [endpoint.summary],
          parameters: [
            { name: 'action', in: 'query', required: true, schema: { type: 'string', const: action } },
            ...securedHeaders,
            { name: 'token', in: 'header', required: def.access !== 'public', schema: { type: 'string' } },
          ],
          ...(def.permission !== undefined ? { 'x-permission': def.permission ?? 'any staff member' } : {}),
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(def.request, { io: 'input', unrepresentable: 'any' }) } } },
          responses: {
            200: { description: 'The envelope: success (status 200, code 0) or a catalogue error', content: { 'application/json': { schema: z.toJSONSchema(envelopeSchema(def.response), { io: 'output', unrepresentable: 'any' }) } } },
            401: { description: 'Session missing or expired' },
          },
        },
      };
    }
  }
  paths[`${API_BASE}${DOWNLOAD_PATH}`] = {
    get: {
      summary: 'Download a file by a server-issued, encrypted, expiring token',
      parameters: [{ name: 'file', in: 'query', required: true, schema: { type: 'string' } }, ...securedHeaders],
      responses: { 200: { description: 'The file' }, 400: { description: 'Bad signature or token' }, 403: { description: 'Not yours' }, 404: { description: 'No such file' }, 410: { description: 'Token expired' } },
    },
  };
  const health = { 'application/json': { schema: z.toJSONSchema(healthResponseSchema) } };
  paths[HEALTH_PATHS.live] = { get: { operationId: 'health_live', summary: 'The process is alive (no session needed)', responses: { 200: { description: 'Alive', content: health } } } };
  paths[HEALTH_PATHS.ready] = {
    get: {
      operationId: 'health_ready',
      summary: 'The process should get traffic: its database answers, every migration ran, it is not shutting down (no session needed)',
      responses: { 200: { description: 'Ready', content: health }, 503: { description: 'Not ready, with the problems', content: health } },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'simshop API', version: '1.0.0', description: 'Generated from packages/contract. Every response is the envelope; errors come from the catalogue below.' },
    paths,
    'x-error-catalogue': Object.fromEntries(Object.entries(serverErrors).map(([name, d]) => [name, { code: d.code, status: d.status, i18n: d.i18n, en: d.en, zh: errorTexts['zh-Hans'][d.i18n] }])),
  };
}

/**
 * The documents, made on first request and kept for the process: they follow from the contract
 * alone, and making them (every schema to JSON Schema) is a third of a CPU-second a server start
 * need not spend.
 */
const documents: { shop?: Record<string, unknown>; full?: Record<string, unknown> } = {};

/**
 * `GET /fetch/docs` (and `/docs/openapi.json`): the shop's actions for anyone; the console's
 * (admin) actions, their permissions and shapes, only with a valid staff session (the `token`
 * header, or the console's cookie at `/fetch/admin/docs`), so the admin surface is not a map
 * handed to every visitor.
 */
export function registerOpenApiRoutes(app: FastifyInstance, db: Database): void {
  const answer = async (request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    const credential = staffCredential(request, headerToken(request));
    const staff = credential ? await resolveStaffSession(db, credential.token, Date.now()) : null;
    reply.header('vary', `${SIGNATURE_HEADERS.token}, cookie`);
    if (staff) reply.header('cache-control', 'private, no-store');
    return staff ? (documents.full ??= buildOpenApi({ staff: true })) : (documents.shop ??= buildOpenApi({ staff: false }));
  };
  app.get(`${API_BASE}/docs`, answer);
  app.get(`${API_BASE}/docs/openapi.json`, answer);
  // Under the admin API the browser sends the console's session cookie: staff open the full reference here.
  app.get(`${API_BASE}/admin/docs`, answer);
}
