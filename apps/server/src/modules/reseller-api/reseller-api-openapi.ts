import { API_RATE_LIMIT, IDEMPOTENCY_HEADER, PROBLEM_CONTENT_TYPE, problemSchema, RATE_LIMIT_HEADERS, RESELLER_API_BASE, resellerApiOperations, serverErrors, type ApiOperation } from '@simshop/contract';
import type { z } from 'zod';
import { webhookDocs } from '../webhooks/webhooks-openapi.ts';
import { openApiSchemas, type SchemaOf } from './reseller-api-openapi-schemas.ts';

/**
 * The reseller API's OpenAPI 3.1 document, generated from the contract's operation list (the
 * routes are made from the same list): the bearer key scheme, each operation's scope, its
 * parameters and bodies from zod (the shapes they share named once in `components.schemas`), and
 * the problem every error is.
 */
function parametersOf(op: ApiOperation, schemaOf: SchemaOf) {
  const list: object[] = [];
  for (const [where, shape] of [['path', op.params?.shape], ['query', op.query?.shape]] as const) {
    for (const [name, field] of Object.entries(shape ?? {})) {
      const schema = field as z.ZodType;
      // Query values are text read as numbers: documented as the value they are read as.
      list.push({ name, in: where, required: where === 'path' || !schema.safeParse(undefined).success, schema: schemaOf(schema, 'output') });
    }
  }
  if (op.idempotent) list.push({ name: IDEMPOTENCY_HEADER, in: 'header', required: true, description: 'A key of your own (e.g. a UUID), 1 to 255 printable characters: the same key and body within 24 hours answer the first answer again; another body is refused (409)', schema: { type: 'string', minLength: 1, maxLength: 255 } });
  list.push({ name: 'Accept-Language', in: 'header', required: false, description: 'zh… for Simplified Chinese texts; anything else: English', schema: { type: 'string' } });
  return list;
}

const rateHeaders = {
  [RATE_LIMIT_HEADERS.limit]: { description: 'Requests allowed in the current window', schema: { type: 'integer' } },
  [RATE_LIMIT_HEADERS.remaining]: { description: 'Requests left in the current window', schema: { type: 'integer' } },
  [RATE_LIMIT_HEADERS.reset]: { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};
/** What a test key does, as the document tells a reseller. */
const TEST_KEYS =
  'Test keys (`sk_test_…`) run every operation against a sandbox, a separate copy of the shop: the live catalogue at your prices (copied again when it changes), and a play balance of 10,000.00 in each currency credited on your first request. No money moves; ECodes are test codes (`TEST` and 8 digits) that exist only in the sandbox; eSIMs come from a simulated SM-DP+. The sandbox sends no mail, SMS or push notices and no webhooks. Test and live keys never see each other\'s orders, balance or ledger.';
// The refusals every keyed operation has are written once under `components.responses`.
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

export function buildResellerOpenApi(): Record<string, unknown> {
  const { schemaOf, finish } = openApiSchemas();
  const problem = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: schemaOf(problemSchema, 'output') } } });
  const responses = {
    Unauthorized: problem('No key, or a key unknown or revoked'),
    Forbidden: problem('The key lacks the scope, or may not be used from this address'),
    RateLimited: { ...problem(`Over the key's rate limit (${API_RATE_LIMIT.perSecond} requests a second, bursts of ${API_RATE_LIMIT.burst}): wait Retry-After seconds`), headers: { ...rateHeaders, [RATE_LIMIT_HEADERS.retryAfter]: { description: 'Seconds until a request may be sent again', schema: { type: 'integer' } } } },
    Problem: problem('Any other refusal: the catalogue error as a problem'),
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, op] of Object.entries(resellerApiOperations) as [string, ApiOperation][]) {
    const keyed = op.scope !== null;
    (paths[`${RESELLER_API_BASE}${op.path}`] ??= {})[op.method.toLowerCase()] = {
      operationId: name,
      summary: op.summary,
      ...(keyed ? { security: [{ apiKey: [] }], 'x-scope': op.scope, description: `Needs a key with the \`${op.scope}\` scope.` } : { security: [] }),
      parameters: parametersOf(op, schemaOf),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
      responses: {
        [op.status]: {
          description: 'Done',
          ...(keyed ? { headers: { ...rateHeaders, ...(op.idempotent ? { 'Idempotent-Replayed': { description: '`true` when this is the first answer to the same Idempotency-Key sent again', schema: { type: 'string', const: 'true' } } } : {}) } } : {}),
          content: op.contentTypes
            ? Object.fromEntries(Object.entries(op.contentTypes).map(([type, schema]) => [type, { schema: schemaOf(schema, 'output') }]))
            : { [op.contentType ?? 'application/json']: { schema: schemaOf(op.response, 'output') } },
        },
        ...(keyed ? { 401: responseRef('Unauthorized'), 403: responseRef('Forbidden'), 429: responseRef('RateLimited') } : {}),
        default: responseRef('Problem'),
      },
    };
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'simshop reseller API',
      version: '1.0.0',
      description: `Buy and follow ECodes, eSIMs and top-ups from your own systems with an API key made in the shop (Mine → API). Money is in minor units. Errors are RFC 9457 problems (${PROBLEM_CONTENT_TYPE}) carrying the shop's error code and its text in English and Simplified Chinese. ${TEST_KEYS}`,
    },
    servers: [{ url: '/' }],
    paths,
    webhooks: webhookDocs(schemaOf),
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_live_… / sk_test_…', description: 'Authorization: Bearer <secret>; a test key (sk_test_…) works in the sandbox (see the description above)' } },
      schemas: {},
      responses,
    },
    'x-error-codes': Object.fromEntries(Object.entries(serverErrors).map(([name, d]) => [name, { code: d.code, status: d.status, en: d.en, zh: d.zh }])),
  };
  document.components.schemas = finish(document);
  return document;
}
