import { imageEntrySchema, imageHostOf, serverErrors } from '@simshop/contract';
import { AppError } from '../../lib/app-error.ts';

/**
 * Product pictures come from uploads (stored files, `products/<id>`, `demo/…`) or from the image
 * hosts the shop names in IMAGE_HOSTS: any other address would let staff point the shop's pages
 * at a host that tracks customers or swaps the picture after review.
 */

/** The first picture entry that is neither a stored file nor on an allowed host: its index, or -1. */
export function firstForeignImage(entries: readonly string[], hosts: readonly string[]): number {
  return entries.findIndex((entry) => {
    if (!imageEntrySchema.safeParse(entry).success) return true;
    const host = imageHostOf(entry);
    return host !== null && !hosts.includes(host);
  });
}

/** Refuses a product whose pictures come from an address outside uploads and IMAGE_HOSTS. */
export function checkProductImages(entries: readonly string[], hosts: readonly string[], field = 'images'): void {
  const i = firstForeignImage(entries, hosts);
  if (i >= 0) throw new AppError(serverErrors.imageHostNotAllowed, `${field}.${i}`, { hosts: hosts.join(', ') || '—' });
}
