import { allEndpoints, API_BASE, DOWNLOAD_PATH, envelopeSchema, errorTexts, serverErrors } from '@simshop/contract';
import { z } from 'zod';

/**
 * OpenAPI 3.1 generated from the contract, the only definition of the wire. Every action is a
 * POST on its path with the action in the query; OpenAPI keys operations by path alone, so each
 * action is listed under `<path>?action=<name>`, the URL a client actually calls.
 */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const securedHeaders = ['certificate', 'timestamp', 'signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } }));
  for (const endpoint of allEndpoints()) {
    for (const [action, def] of Object.entries(endpoint.actions)) {
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
  return {
    openapi: '3.1.0',
    info: { title: 'simshop API', version: '1.0.0', description: 'Generated from packages/contract. Every response is the envelope; errors come from the catalogue below.' },
    paths,
    'x-error-catalogue': Object.fromEntries(Object.entries(serverErrors).map(([name, d]) => [name, { code: d.code, status: d.status, i18n: d.i18n, en: d.en, zh: errorTexts['zh-Hans'][d.i18n] }])),
  };
}
