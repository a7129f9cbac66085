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

export const adminSettingsEndpoint = adminEndpoint('settings', 'shop settings', {
  contact: defineAdminAction({ permission: 'settings.manage', write: false, summary: 'The contact channels the shop shows, with their version', request: z.object({}).strict(), response: adminContactSettingsSchema }),
  save_contact: defineAdminAction({
    permission: 'settings.manage',
    write: true,
    summary: 'Saves the contact channels (phone, email, WeChat ID and QR, address, working hours); refused when someone saved after `version`',
    request: contactSettingsUpdateRequest,
    response: adminContactSettingsSchema,
  }),
});
