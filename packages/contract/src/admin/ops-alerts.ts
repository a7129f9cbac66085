import { z } from 'zod';
import { languageSchema } from '../enums.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';
import { emptyRequest } from '../users.ts';

/**
 * A staff member's failure alerts: when a background job gives up or a paid eSIM is not issued
 * in time, the shop mails the staff who asked for it (at most once an hour per kind). Only
 * platform staff who see the jobs page (`jobs.read`) may ask. `language`: the language of the
 * alert mails, the console's when they saved; null until they do (the shop's default).
 */
export const OPS_ALERT_KINDS = ['job_failed', 'esim_delayed'] as const;
export const opsAlertKindSchema = z.enum(OPS_ALERT_KINDS);
export type OpsAlertKind = z.infer<typeof opsAlertKindSchema>;

export const opsAlertSettingsSchema = z.object({
  opsAlerts: z.boolean(),
  language: languageSchema.nullable(),
});
export type OpsAlertSettings = z.infer<typeof opsAlertSettingsSchema>;

export const opsAlertSettingsSaveRequest = z.object({ opsAlerts: z.boolean(), language: languageSchema }).strict();

export const adminOpsAlertsEndpoint = adminEndpoint('ops_alerts', 'failure alerts', {
  settings: defineAdminAction({ permission: 'jobs.read', write: false, summary: 'Whether the signed-in staff member is mailed when background jobs give up or paid eSIMs are delayed, and in which language', request: emptyRequest, response: opsAlertSettingsSchema }),
  save_settings: defineAdminAction({ permission: 'jobs.read', write: true, summary: 'Turns the own failure alert mails on or off, in the given language (audited)', request: opsAlertSettingsSaveRequest, response: opsAlertSettingsSchema }),
});
