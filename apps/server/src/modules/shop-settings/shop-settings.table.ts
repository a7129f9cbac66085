import type { Millis } from '../../db/column-types.ts';

export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: Millis;
  updated_by: number | null;
}
