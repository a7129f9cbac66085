import { z } from 'zod';
import { adminId } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import type { Permission } from './permissions.ts';

/**
 * Saved views of the console's lists: a staff member names the filters a list shows (as the
 * list's address holds them) and picks them again later, on any device. Each view belongs to one
 * member and one list; another member's is unknown to them. Reading or keeping views of a list
 * needs the permission that list's page needs, whatever the action itself requires.
 */
export const SAVED_FILTER_LISTS = ['orders', 'products', 'customers', 'coupons', 'payments', 'audit'] as const;
export const savedFilterListSchema = z.enum(SAVED_FILTER_LISTS);
export type SavedFilterList = z.infer<typeof savedFilterListSchema>;

/** The permission each list's page needs: the same guards its saved views. */
export const SAVED_FILTER_LIST_PERMISSIONS: Readonly<Record<SavedFilterList, Permission>> = {
  orders: 'orders.read',
  products: 'catalogue.read',
  customers: 'customers.read',
  coupons: 'promotions.view',
  payments: 'payments.read',
  audit: 'audit.read',
};

export const SAVED_FILTER_NAME_MAX = 40;
/** Views one member keeps per list: a row of tabs, not an archive. */
export const SAVED_FILTERS_PER_LIST_MAX = 20;
/** A list's filters are a few address parameters; these bounds only keep a bad client out. */
export const SAVED_FILTER_FIELDS_MAX = 30;
export const SAVED_FILTER_VALUE_MAX = 500;

export const savedFilterNameSchema = z.string().trim().min(1, 'validation.required').max(SAVED_FILTER_NAME_MAX, 'validation.too_long');

/** The list's filter parameters by name, as the address writes them (several values comma-separated). */
export const savedFilterValuesSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().min(1).max(SAVED_FILTER_VALUE_MAX))
  .refine((v) => Object.keys(v).length >= 1, 'validation.required')
  .refine((v) => Object.keys(v).length <= SAVED_FILTER_FIELDS_MAX, 'validation.too_long');

export const savedFilterSchema = z.object({
  id: z.number().int(),
  list: savedFilterListSchema,
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

export const savedFilterListRequest = z.object({ list: savedFilterListSchema }).strict();
/** Oldest first: the order they were saved in, as tabs keep it. */
export const savedFilterListResponse = z.object({ items: z.array(savedFilterSchema) });
export const savedFilterCreateRequest = z.object({ list: savedFilterListSchema, name: savedFilterNameSchema, filters: savedFilterValuesSchema }).strict();
export const savedFilterRenameRequest = z.object({ id: adminId, name: savedFilterNameSchema }).strict();
export const savedFilterDeleteRequest = z.object({ id: adminId }).strict();
export const savedFilterDeleteResponse = z.object({ id: z.number().int() });

export const adminSavedFilterEndpoint = adminEndpoint('saved-filter', 'saved views of lists (each staff member their own)', {
  list: defineAdminAction({ permission: null, write: false, summary: "The signed-in member's saved views of one list (needs that list's permission), oldest first", request: savedFilterListRequest, response: savedFilterListResponse }),
  create: defineAdminAction({ permission: null, write: true, summary: `Saves a list's filters under a name (unique per list, at most ${SAVED_FILTERS_PER_LIST_MAX} per list)`, request: savedFilterCreateRequest, response: savedFilterSchema }),
  rename: defineAdminAction({ permission: null, write: true, summary: 'Renames one of the own saved views', request: savedFilterRenameRequest, response: savedFilterSchema }),
  delete: defineAdminAction({ permission: null, write: true, summary: 'Deletes one of the own saved views', request: savedFilterDeleteRequest, response: savedFilterDeleteResponse }),
});
