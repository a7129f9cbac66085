import { z } from 'zod';
import { i18nField } from '../catalogue.ts';
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
  grantedAt: z.number().int(),
  /** Its last tool call; null: none yet. */
  lastUsedAt: z.number().int().nullable(),
});
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;
export const assistantListRequest = z.object({ i18n: i18nField });
export const assistantListResponse = z.object({ items: z.array(connectedAssistantSchema) });
export const assistantRevokeRequest = z.object({ id: z.string().min(1).max(200), i18n: i18nField });
