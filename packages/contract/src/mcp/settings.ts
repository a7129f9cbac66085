import { z } from 'zod';
import { adminEndpoint, defineAdminAction } from '../admin/define.ts';
import { MCP_TOOL_GROUPS, mcpToolGroupSchema } from './tools.ts';

/**
 * The owner's switches for the shop's MCP server: the server as a whole and each tool group.
 * A save names every group once and the version it started from. Until the owner saves, the
 * server is off (it is a new way in to the shop, opened on purpose) and, once on, only the
 * public group answers.
 */
export const mcpGroupSwitchSchema = z.object({ group: mcpToolGroupSchema, enabled: z.boolean() });
export const mcpSettingsSchema = z.object({
  enabled: z.boolean(),
  groups: z.array(mcpGroupSwitchSchema),
  /** When the owner last saved (null: never, the defaults apply). */
  updatedAt: z.number().int().nullable(),
});
export type McpSettings = z.infer<typeof mcpSettingsSchema>;

export const MCP_DEFAULTS: { enabled: boolean; groups: Readonly<Record<(typeof MCP_TOOL_GROUPS)[number], boolean>> } = {
  enabled: false,
  groups: { public: true, customer: false, reseller: false, staff: false },
};

export const mcpSettingsSaveRequest = z
  .object({
    version: z.number().int().nullable(),
    enabled: z.boolean(),
    groups: z
      .array(mcpGroupSwitchSchema)
      .length(MCP_TOOL_GROUPS.length, 'validation.invalid')
      .refine((groups) => new Set(groups.map((g) => g.group)).size === MCP_TOOL_GROUPS.length, 'validation.invalid'),
  })
  .strict();

export const adminMcpEndpoint = adminEndpoint('mcp', 'the shop\'s MCP server for assistants', {
  get: defineAdminAction({ permission: 'settings.manage', write: false, summary: 'Whether the MCP server and each tool group are on, and the version a save names', request: z.object({}).strict(), response: mcpSettingsSchema }),
  save: defineAdminAction({
    permission: 'settings.manage',
    write: true,
    summary: 'Turns the MCP server and its tool groups on or off (every group once); refused when someone saved after `version`',
    request: mcpSettingsSaveRequest,
    response: mcpSettingsSchema,
  }),
});
