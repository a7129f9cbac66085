import { z } from 'zod';
import { AVAILABLE_TOOL_IDS, toolIdSchema } from '../tools.ts';
import { adminEndpoint, defineAdminAction } from './define.ts';

/**
 * The tools plugin in the console: the owner turns tools on and off and orders them.
 * A save lists every available tool (registry `enabled`) once, in the new order, and names the
 * version it started from.
 */
export const adminToolSchema = z.object({ id: toolIdSchema, enabled: z.boolean() });
export const adminToolsResponse = z.object({
  items: z.array(adminToolSchema),
  /** When the owner last saved (null: never, every tool shows in the built-in order). */
  updatedAt: z.number().int().nullable(),
});
export type AdminTools = z.infer<typeof adminToolsResponse>;

export const adminToolsSaveRequest = z
  .object({
    version: z.number().int().nullable(),
    items: z
      .array(adminToolSchema)
      .length(AVAILABLE_TOOL_IDS.length, 'validation.invalid')
      .refine((items) => new Set(items.map((i) => i.id)).size === AVAILABLE_TOOL_IDS.length && items.every((i) => AVAILABLE_TOOL_IDS.includes(i.id)), 'validation.invalid'),
  })
  .strict();

export const adminToolsEndpoint = adminEndpoint('tools', 'tools plugin', {
  list: defineAdminAction({ permission: 'settings.manage', write: false, summary: 'Every tool with whether it is shown, in the shop\'s order, and the version a save names', request: z.object({}).strict(), response: adminToolsResponse }),
  save: defineAdminAction({
    permission: 'settings.manage',
    write: true,
    summary: 'Sets which tools the shop shows and their order (every tool once); refused when someone saved after `version`',
    request: adminToolsSaveRequest,
    response: adminToolsResponse,
  }),
});
