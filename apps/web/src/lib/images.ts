import { firstImageUrl } from '@simshop/contract';
import { runtime } from '@/config/runtime';

/**
 * The first URL of an image string (SPEC §3 `folder:file1,file2`) under the static host;
 * absolute addresses (http, data:, or a path from the site root) are used as they are.
 */
export function imageUrl(value: string | null | undefined): string | undefined {
  return firstImageUrl(value, runtime.staticHost);
}
