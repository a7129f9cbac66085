import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

// labels and reviews (0018)
export interface LabelsTable {
  id: Generated<number>;
  text_en: string;
  text_zh: string;
  /** `#rrggbb`, white text readable on it. */
  color: string;
  sort: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface ProductLabelsTable {
  product_id: number;
  label_id: number;
}
