import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

// staff members' saved views of console lists (0061)
export interface SavedFilterTable {
  id: Generated<number>;
  staff_id: number;
  /** One of the contract's SAVED_FILTER_LISTS. */
  list: string;
  name: string;
  /** `name` in lower case: unique per member and list. */
  name_key: string;
  /** The list's filter parameters by name, as JSON. */
  filters_json: string;
  created_at: Millis;
  updated_at: Millis;
}
