import { z } from 'zod';
import { currencySchema } from '../enums.ts';
import { esimAddonsResponse } from '../esim-addons.ts';
import { esimSchema, esimSummarySchema } from '../esim.ts';
import { orderDetailSchema, orderNoSchema } from '../orders.ts';
import { iccidSchema } from '../validation.ts';

/**
 * The reseller API's eSIM operations (the reseller's eSIMs by ICCID, their QR) and the refund of
 * an order's unused units, spread into `resellerApiOperations` (which checks them as operations). Another reseller's ICCID or
 * order is not found, as everywhere.
 */

// Query strings are text: numbers are read from it (as operations.ts reads them).
const limitQuery = z.coerce.number().int().min(1).max(100).default(20);
const cursorQuery = z.string().regex(/^\d{1,15}$/, 'validation.invalid').optional();

export const apiEsimListQuery = z.object({ cursor: cursorQuery, limit: limitQuery, order: orderNoSchema.optional() });
/** An eSIM in the list: its LPA string and state, without the install log and usage (one read each: GET /esims/{iccid}). */
export const apiEsimListResponse = z.object({ items: z.array(esimSummarySchema), nextCursor: z.string().nullable() });
export const apiEsimParams = z.object({ iccid: iccidSchema });
/** The currency the packages are priced in where they have a price in it (else their own); USD when left out. Order with the same `currency`. */
export const apiEsimTopupsQuery = z.object({ currency: currencySchema.optional() });
export const apiOrderRefundParams = z.object({ id: orderNoSchema });

/** The PNG itself, not JSON: the route sends it as image/png. */
export const apiPngResponse = z.string().meta({ contentMediaType: 'image/png', description: 'A PNG image of the QR code of the LPA string' });

export const resellerApiEsimOperations = {
  esims: {
    method: 'GET',
    path: '/esims',
    scope: 'read',
    status: 200,
    summary: "The reseller's eSIMs, newest first, of one order or all, a page at a time (pass `nextCursor` as `cursor`): each with its LPA activation string and state",
    query: apiEsimListQuery,
    response: apiEsimListResponse,
  },
  esim: {
    method: 'GET',
    path: '/esims/{iccid}',
    scope: 'read',
    status: 200,
    summary: 'One of the reseller\'s eSIMs by its ICCID: its state, LPA activation string, install log and data and days left (asked of the network; `usage` is null when the plan\'s facts are unknown)',
    params: apiEsimParams,
    response: esimSchema,
  },
  esimQr: {
    method: 'GET',
    path: '/esims/{iccid}/qr.png',
    scope: 'read',
    status: 200,
    summary: "The QR code of one of the reseller's eSIMs (its LPA activation string) as a PNG image, for a phone's camera to install it",
    params: apiEsimParams,
    response: apiPngResponse,
    contentType: 'image/png',
  },
  esimTopups: {
    method: 'GET',
    path: '/esims/{iccid}/topups',
    scope: 'read',
    status: 200,
    summary: "The data packages that fit one of the reseller's eSIMs, at the reseller's price: order one with POST /orders and the eSIM's `iccid` (none for an eSIM removed or expired)",
    params: apiEsimParams,
    query: apiEsimTopupsQuery,
    response: esimAddonsResponse,
  },
  refundOrder: {
    method: 'POST',
    path: '/orders/{id}/refund',
    scope: 'refund',
    status: 200,
    idempotent: true,
    summary:
      "Refunds what of one of the reseller's orders was not used (ECodes not redeemed, eSIMs not installed, data not yet added) to the balance at once; the rest stays the reseller's. The same Idempotency-Key answers the first answer again; the refund.paid webhook event follows",
    params: apiOrderRefundParams,
    response: orderDetailSchema,
  },
} as const;
