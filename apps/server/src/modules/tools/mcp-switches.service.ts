import { MCP_DEFAULTS, MCP_TOOL_GROUPS, serverErrors, type McpSettings, type McpToolGroup } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as tools from './tools.repository.ts';

/** The row of the server as a whole; the groups' rows are named by the group. */
const SERVER = 'server';

/**
 * The owner's switches for the shop's MCP server, beside the page tools' settings: the server
 * and each tool group, the saved value where there is one and the default otherwise, with the
 * version (null before the first save).
 */
export async function mcpSettings(db: Executor): Promise<McpSettings> {
  const rows = await tools.listMcpSettings(db);
  const saved = new Map(rows.map((r) => [r.id, r.enabled === 1]));
  return {
    enabled: saved.get(SERVER) ?? MCP_DEFAULTS.enabled,
    groups: MCP_TOOL_GROUPS.map((group) => ({ group, enabled: saved.get(group) ?? MCP_DEFAULTS.groups[group] })),
    updatedAt: rows.length ? Math.max(...rows.map((r) => Number(r.updated_at))) : null,
  };
}

/** The groups that answer now: none while the server is off. */
export async function openMcpGroups(db: Executor): Promise<{ enabled: boolean; groups: ReadonlySet<McpToolGroup> }> {
  const settings = await mcpSettings(db);
  return { enabled: settings.enabled, groups: new Set(settings.enabled ? settings.groups.filter((g) => g.enabled).map((g) => g.group) : []) };
}

/** Saves the switches over the version the owner started from, audited in the same transaction. */
export async function saveMcpSettings(db: Database, actor: Actor, input: { version: number | null; enabled: boolean; groups: { group: McpToolGroup; enabled: boolean }[] }, now: number): Promise<McpSettings> {
  return db.transaction().execute(async (tx) => {
    const before = await mcpSettings(tx);
    if (before.updatedAt !== input.version) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    // The version must move even when two saves land in the same millisecond.
    const at = before.updatedAt === null ? now : Math.max(now, before.updatedAt + 1);
    const groups = MCP_TOOL_GROUPS.map((group) => ({ group, enabled: input.groups.find((g) => g.group === group)!.enabled }));
    // Two saves over the same version: the server row lets one through.
    if (!(await tools.claimMcpVersion(tx, { enabled: input.enabled, now: at, staffId: actor.staffId, version: before.updatedAt }))) throw new AppError(serverErrors.changedBySomeoneElse, 'version');
    for (const g of groups) await tools.upsertMcpSetting(tx, { id: g.group, enabled: g.enabled, now: at, staffId: actor.staffId });
    await recordAudit(tx, actor, { action: 'settings.mcp', targetType: 'settings', targetId: 'mcp', before: before.updatedAt === null ? undefined : { enabled: before.enabled, groups: before.groups }, after: { enabled: input.enabled, groups } }, now);
    return { enabled: input.enabled, groups, updatedAt: at };
  });
}
