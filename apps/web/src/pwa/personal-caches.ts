/**
 * Caches of the service worker (service-worker.ts) that hold pages as someone saw them: their
 * addresses (and so any code in them) are the signed-in person's. Deleted when no one is signed
 * in any more, or someone else is; the build's own files (the shell cache) stay.
 */
export const PERSONAL_CACHES = ['simshop-pages'] as const;

export async function clearPersonalCaches(): Promise<void> {
  // Not every browser (or an insecure origin) has the Cache API; then nothing was cached either.
  if (typeof caches === 'undefined') return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
