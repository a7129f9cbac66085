/**
 * Registers the service worker (src/pwa/service-worker.ts, built to /uni/sw.js) in production
 * builds only: the dev server has no sw.js and must never be cached. It waits for the page to
 * finish loading, so precaching the build never competes with the first screen.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).catch((error: unknown) => {
      // Without it the shop still works online; only the offline copy is missing.
      console.warn('simshop: the service worker was not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
