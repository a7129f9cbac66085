import { firstImageUrl, slotImageUrl, type MediaRatio } from '@simshop/contract';
import { runtime } from '@/config/runtime';

/**
 * The first URL of an image string (SPEC §3 `folder:file1,file2`) under the static host;
 * absolute addresses (http, data:, or a path from the site root) are used as they are. A media
 * library picture (`media:<key>`) is the shop's own address, cropped to `ratio` when the slot
 * asks; Picture draws it with a srcset of every size.
 */
export function imageUrl(value: string | null | undefined, ratio?: MediaRatio): string | undefined {
  return slotImageUrl(value, ratio, (v) => firstImageUrl(v, runtime.staticHost));
}
