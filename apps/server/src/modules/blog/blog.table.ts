import type { BlogCategory } from '@simshop/contract';
import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title_en: string;
  title_zh: string;
  summary_en: string;
  summary_zh: string;
  /** The shop's safe markup (contract `parseArticleContent`), never HTML. */
  body_en: string;
  body_zh: string;
  /** A stored image entry (`products/<file id>`), or null. */
  cover: string | null;
  category: BlogCategory;
  /** JSON: string[] */
  tags: string;
  /** JSON: product keys, in the order the post shows them. */
  product_keys: string;
  published: number;
  published_at: Millis | null;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}
