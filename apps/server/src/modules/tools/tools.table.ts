import type { Millis } from '../../db/column-types.ts';

export interface ToolSettingsTable {
  id: string;
  enabled: number;
  position: number;
  updated_at: Millis;
  updated_by: number | null;
}
