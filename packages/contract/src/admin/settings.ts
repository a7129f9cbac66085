import { z } from 'zod';
import { contactChannelsInput, contactChannelsSchema } from '../shop-settings.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * Shop settings in the console: the contact channels "Contact us" shows. The owner
 * edits them; a save names the version it started from, so two owners editing at once do not
 * silently overwrite each other (changedBySomeoneElse).
 */
export const adminContactSettingsSchema = contactChannelsSchema.extend({
  /** When they were last saved (null: never, the defaults show); the version a save names. */
  updatedAt: z.number().int().nullable(),
});
export type AdminContactSettings = z.infer<typeof adminContactSettingsSchema>;

export const contactSettingsUpdateRequest = z
  .object({ version: z.number().int().nullable(), contact: contactChannelsInput })
  .strict();

/** How many days after payment a customer may refund an eSIM never installed, at once and by rule (0: never). */
export const DEFAULT_INSTANT_REFUND_DAYS = 30;
export const INSTANT_REFUND_DAYS_MAX = 365;
export const instantRefundDaysSchema = z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid').max(INSTANT_REFUND_DAYS_MAX, 'validation.invalid');

export const adminRefundSettingsSchema = z.object({
  instantRefundDays: z.number().int(),
  /** When last saved (null: never, the default holds); the version a save names. */
  updatedAt: z.number().int().nullable(),
});
export type AdminRefundSettings = z.infer<typeof adminRefundSettingsSchema>;

export const refundSettingsUpdateRequest = z.object({ version: z.number().int().nullable(), instantRefundDays: instantRefundDaysSchema }).strict();

export const adminSettingsEndpoint = adminEndpoint('settings', 'shop settings', {
  refunds: defineAdminAction({ permission: 'settings.manage', write: false, summary: 'The refund rule: the days after payment an eSIM never installed is refunded at once, with its version', request: z.object({}).strict(), response: adminRefundSettingsSchema }),
  save_refunds: defineAdminAction({
    permission: 'settings.manage',
    write: true,
    summary: 'Sets the days after payment an eSIM never installed is refunded at once (0 turns it off); refused when someone saved after `version`',
    request: refundSettingsUpdateRequest,
    response: adminRefundSettingsSchema,
  }),
  contact: defineAdminAction({ permission: 'settings.manage', write: false, summary: 'The contact channels the shop shows, with their version', request: z.object({}).strict(), response: adminContactSettingsSchema }),
  save_contact: defineAdminAction({
    permission: 'settings.manage',
    write: true,
    summary: 'Saves the contact channels (phone, email, WeChat ID and QR, address, working hours); refused when someone saved after `version`',
    request: contactSettingsUpdateRequest,
    response: adminContactSettingsSchema,
  }),
});
