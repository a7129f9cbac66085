import { z } from 'zod';
import { ledgerEntrySchema } from '../admin/customers.ts';
import { balanceGetResponse } from '../balance.ts';
import { productDetailSchema, productKindSchema, productListResponse } from '../catalogue.ts';
import { ecodeItemSchema } from '../ecode.ts';
import { currencySchema } from '../enums.ts';
import { orderDetailSchema, orderNoSchema } from '../orders.ts';
import { iccidSchema } from '../validation.ts';
import type { ApiKeyScope } from './api-keys.ts';
import { resellerApiBulkOperations } from './bulk-operations.ts';
import { resellerApiEsimOperations } from './esim-operations.ts';
import { resellerApiExportOperations } from './export-operations.ts';

/**
 * The reseller REST API (/api/v1) as data: one entry per operation with its method, path, the
 * scope a key needs, its path, query and body schemas and its answer. The server makes its
 * routes from this list and the OpenAPI document is generated from it, so what is served and
 * what is documented cannot differ. Paths use OpenAPI's `{name}` form.
 */
export const RESELLER_API_BASE = '/api/v1';

export interface ApiOperation {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  /** The scope a key needs; null: no key (the OpenAPI document itself). */
  readonly scope: ApiKeyScope | null;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** 200, 201 for what makes something new, 202 for work accepted to be done in the background. */
  readonly status: 200 | 201 | 202;
  /** The operation needs the Idempotency-Key header. */
  readonly idempotent?: boolean;
  /** Answers in several formats (a query chooses): each media type with its schema, for the OpenAPI document. */
  readonly contentTypes?: Readonly<Record<string, z.ZodType>>;
  /** What the answer is when it is not JSON (a PNG). */
  readonly contentType?: string;
}

// Query strings are text: numbers are read from it.
const limitQuery = z.coerce.number().int().min(1).max(100).default(20);
/** Opaque: the `nextCursor` of the previous page. */
const cursorQuery = z.string().regex(/^\d{1,15}$/, 'validation.invalid').optional();
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** The catalogue as a reseller buys it: every SKU with its wholesale price, the minimums and limits. */
export const apiCatalogueQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
  kind: productKindSchema.optional(),
  currency: currencySchema.optional(),
});
export const apiCatalogueResponse = productListResponse.extend({ items: z.array(productDetailSchema) });

export const apiCursorQuery = z.object({ cursor: cursorQuery, limit: limitQuery });
export const apiLedgerResponse = page(ledgerEntrySchema);

/**
 * One SKU bought from the balance, paid and issued in one transaction. `expectedPrice` (minor
 * units, per unit) refuses the order when the unit price is no longer that.
 */
export const apiOrderCreateBody = z.object({
  skuId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(1000),
  expectedPrice: z.number().int().min(0).optional(),
  currency: currencySchema.optional(),
  /** A top-up (a data add-on SKU) names the reseller's eSIM it goes to; one at a time. */
  iccid: iccidSchema.optional(),
});
export type ApiOrderCreateBody = z.infer<typeof apiOrderCreateBody>;
export const apiOrderParams = z.object({ id: orderNoSchema });

export const apiEcodeQuery = apiCursorQuery.extend({ order: orderNoSchema.optional() });
export const apiEcodeResponse = page(ecodeItemSchema);

export const resellerApiOperations = {
  catalogue: { method: 'GET', path: '/catalogue', scope: 'read', status: 200, summary: 'What the reseller can buy: products on sale with every SKU at its wholesale price, the currency and the minimum and maximum quantities', query: apiCatalogueQuery, response: apiCatalogueResponse },
  balance: { method: 'GET', path: '/balance', scope: 'read', status: 200, summary: 'The balances, one per currency, in minor units, with the locked flag', response: balanceGetResponse },
  ledger: { method: 'GET', path: '/ledger', scope: 'read', status: 200, summary: 'Balance changes, newest first, a page at a time (pass `nextCursor` as `cursor`)', query: apiCursorQuery, response: apiLedgerResponse },
  createOrder: {
    method: 'POST',
    path: '/orders',
    scope: 'order',
    status: 201,
    idempotent: true,
    summary: 'Buys ECodes, eSIMs or a top-up of one of the reseller\'s eSIMs (a data add-on SKU with the eSIM\'s `iccid`), paid from the balance and issued as the shop issues them. The same Idempotency-Key with the same body within 24 hours answers the first answer again; with another body it is refused (409)',
    body: apiOrderCreateBody,
    response: orderDetailSchema,
  },
  order: { method: 'GET', path: '/orders/{id}', scope: 'read', status: 200, summary: "One of the reseller's orders by its number, with the ECodes it issued", params: apiOrderParams, response: orderDetailSchema },
  ecodes: { method: 'GET', path: '/ecodes', scope: 'read', status: 200, summary: "The reseller's ECodes, newest first, of one order or all, a page at a time", query: apiEcodeQuery, response: apiEcodeResponse },
  ...resellerApiEsimOperations,
  ...resellerApiExportOperations,
  ...resellerApiBulkOperations,
  openapi: { method: 'GET', path: '/openapi.json', scope: null, status: 200, summary: 'This API as an OpenAPI 3.1 document (no key needed)', response: z.record(z.string(), z.unknown()) },
} as const satisfies Record<string, ApiOperation>;
export type ResellerApiOperationName = keyof typeof resellerApiOperations;
