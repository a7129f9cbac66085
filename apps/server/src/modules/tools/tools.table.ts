import type { Millis } from '../../db/column-types.ts';

export interface ToolSettingsTable {
  id: string;
  enabled: number;
  position: number;
  updated_at: Millis;
  updated_by: number | null;
}

/** The owner's MCP switches: `server` and one row per tool group (migration 0052). */
export interface McpSettingsTable {
  id: string;
  enabled: number;
  updated_at: Millis;
  updated_by: number | null;
}
