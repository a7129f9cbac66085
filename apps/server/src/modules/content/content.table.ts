import type { Generated, Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface JsonContentsTable {
  name: string;
  version: string;
  lang: string;
  content: string;
  updated_at: Millis;
}

/** The block staff are editing, per name, version and language (json_contents serves the published one). */
export interface ContentDraftsTable {
  name: string;
  version: string;
  lang: string;
  content: string;
  edition: number;
  updated_at: Millis;
  updated_by: string;
}

/** Every published revision of a block, numbered per block and language. */
export interface ContentRevisionsTable {
  id: Generated<number>;
  name: string;
  version: string;
  lang: string;
  revision: number;
  content: string;
  published_at: Millis;
  published_by: string;
}

export type JsonContent = Selectable<JsonContentsTable>;
