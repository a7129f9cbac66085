import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  sort: number;
  published: number;
  released_at: Millis;
  updated_at: Millis;
  /** admin content (0016): raised by every edit; a save based on an older version is refused. */
  version: Generated<number>;
}
