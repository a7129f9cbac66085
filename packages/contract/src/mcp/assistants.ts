import { z } from 'zod';
import { i18nField } from '../catalogue.ts';
import { currencySchema } from '../enums.ts';
import { mcpScopeSchema } from './customer-tools.ts';

/**
 * Mine → Connected assistants: the assistants a customer approved (an OAuth grant each) and
 * revoking one, after which its tokens are refused.
 */
export const connectedAssistantSchema = z.object({
  /** The grant's id. */
  id: z.string(),
  /** The name the assistant registered with (its address when it gave none). */
  name: z.string(),
  scopes: z.array(mcpScopeSchema),
  /** With the `buy` scope: the most it may spend a day (minor units) and what it spent today (UTC); null without. */
  buyLimit: z.object({ dailyAmount: z.number().int(), currency: currencySchema, spentToday: z.number().int() }).nullable(),
  grantedAt: z.number().int(),
  /** Its last tool call; null: none yet. */
  lastUsedAt: z.number().int().nullable(),
});
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;
export const assistantListRequest = z.object({ i18n: i18nField });
export const assistantListResponse = z.object({ items: z.array(connectedAssistantSchema) });
export const assistantRevokeRequest = z.object({ id: z.string().min(1).max(200), i18n: i18nField });
