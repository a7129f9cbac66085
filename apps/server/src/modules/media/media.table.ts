import type { MediaExtension } from '@simshop/contract';
import type { Generated, Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

/** A media library picture (0055): the uploaded bytes are a stored file (modules/files). */
export interface MediaTable {
  id: Generated<number>;
  file_id: string;
  /** First 12 hex digits of the bytes' SHA-256: part of every address, so a new picture is a new address. */
  hash: string;
  file_name: string;
  format: MediaExtension;
  width: number;
  height: number;
  size: number;
  alt_en: string;
  alt_zh: string;
  created_by_staff_id: number | null;
  /** The staff member's email when they uploaded it (kept if they leave). */
  created_by: string;
  created_at: Millis;
}

/** One size of a picture as it was made once and stored (`<width>-<ratio or full>.<format>`). */
export interface MediaSizesTable {
  media_id: number;
  variant: string;
  file_id: string;
  content_type: string;
  created_at: Millis;
}

export type MediaRow = Selectable<MediaTable>;
