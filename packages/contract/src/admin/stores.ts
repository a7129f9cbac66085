import { z } from 'zod';
import { storeSchema, storeServiceSchema, weeklyHoursSchema } from '../stores.ts';
import { timeZoneSchema } from './orders.ts';
import { adminId, adminListRequest, adminListResponse, bilingualSchema, searchText } from './common.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Console: physical stores. Staff with the content permissions add and edit stores
 * and close them (a closed store leaves the shop; orders picked up there keep showing it).
 * Every write is audited; an edit based on an older version is refused.
 */
const both = (max: number) => z.object({ en: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long'), zh: z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long') });

const storeFields = {
  name: both(80),
  address: both(200),
  city: both(40),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{5,24}$/, 'validation.invalid'),
  timeZone: timeZoneSchema,
  hours: weeklyHoursSchema,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  services: z.array(storeServiceSchema).min(1, 'validation.required').max(3),
  sort: z.number().int().min(-100_000).max(100_000).default(0),
  /** A picture of the media library (`media:<key>`), as blog covers name one; null: none. */
  picture: z.string().regex(/^media:[1-9][0-9]{0,9}-[0-9a-f]{12}$/, 'validation.invalid').nullable().default(null),
};

export const adminStoreCreateRequest = z.object(storeFields).strict();
export const adminStoreUpdateRequest = z.object({ id: adminId, version: z.number().int().positive().max(2_147_483_647), ...storeFields }).strict();
export type AdminStoreFields = Omit<z.output<typeof adminStoreUpdateRequest>, 'id' | 'version'>;

/** The shop's store with its texts in both languages, and what only the console keeps. */
export const adminStoreSchema = storeSchema.extend({
  name: bilingualSchema,
  address: bilingualSchema,
  city: bilingualSchema,
  sort: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminStore = z.infer<typeof adminStoreSchema>;

export const adminStoreListRequest = adminListRequest(['sort', 'updated_at'] as const, { q: searchText, active: z.enum(['yes', 'no']).optional() });
export const adminStoreListResponse = adminListResponse(adminStoreSchema);
export const adminStoreRefRequest = z.object({ id: adminId }).strict();
export const adminStoreActiveRequest = z.object({ id: adminId, version: z.number().int().positive().max(2_147_483_647), active: z.boolean() }).strict();

export const adminStoreEndpoint = adminEndpoint('store', 'physical stores', {
  list: defineAdminAction({ permission: 'content.read', write: false, summary: 'Stores, open and closed, by name or city', request: adminStoreListRequest, response: adminStoreListResponse }),
  detail: defineAdminAction({ permission: 'content.read', write: false, summary: 'One store in both languages', request: adminStoreRefRequest, response: adminStoreSchema }),
  create: defineAdminAction({ permission: 'content.write', write: true, summary: 'Adds a store', request: adminStoreCreateRequest, response: adminStoreSchema }),
  update: defineAdminAction({ permission: 'content.write', write: true, summary: "Edits a store (refused when someone changed it meanwhile)", request: adminStoreUpdateRequest, response: adminStoreSchema }),
  set_active: defineAdminAction({ permission: 'content.write', write: true, summary: 'Closes a store (it leaves the shop) or opens it again', request: adminStoreActiveRequest, response: adminStoreSchema }),
});
