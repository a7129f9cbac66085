import { z } from 'zod';

/**
 * Pieces every console list shares: server-side paging and sorting, and the list envelope.
 * Ids in requests are positive 32-bit integers (a larger one is refused, not a server error).
 */
export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

export const adminId = z.number().int().positive().max(2_147_483_647);

export const pageRequest = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};

/** A list request: page, page size, a sort field from `sortFields`, and the domain's filters. */
export function adminListRequest<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sortFields: S, filters: F) {
  return z
    .object({ ...pageRequest, sortField: z.enum(sortFields).default(sortFields[0]), ...filters })
    .strict();
}

export function adminListResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative() });
}

/** Epoch milliseconds range filter (inclusive from, exclusive to). */
export const dateRange = {
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
};

/** A free-text search box: trimmed, at most 100 characters, empty means no filter. */
export const searchText = z.string().trim().max(100).optional();

/** Money as the console shows it: minor units with a currency. */
/** A text the console shows in the staff member's language: both are sent. */
export const bilingualSchema = z.object({ en: z.string(), zh: z.string() });
/** Who sells a product or an order, named in both languages. */
export const adminMerchantRefSchema = z.object({ id: z.number().int(), name: bilingualSchema });

export const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });

export const adminOkResponse = z.object({ ok: z.literal(true) });

/** The changed fields of an audited write, before and after (absent fields did not change). */
export const auditChangeSchema = z.record(z.string(), z.unknown());
