import { z } from 'zod';
import { languageSchema } from './enums.ts';

/**
 * The messages the shop sends a customer (order, receipt, eSIM ready, shipped, refunds) are
 * transactional and always sent; the optional ones (chat answered, usage alerts) may be turned
 * off. `language` is the language the messages are written in.
 */
export const notificationSettingsSchema = z.object({
  language: languageSchema,
  chatAnswered: z.boolean(),
  usageAlerts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Only the fields given change. */
export const notificationSettingsUpdate = notificationSettingsSchema.partial();
