/**
 * The dev server's proxy to the API server (SIMSHOP_BACKEND, else the local one): the API calls
 * and the files it serves, the same for the shop and the console.
 */
export function backendProxy() {
  const backend = process.env.SIMSHOP_BACKEND ?? 'http://127.0.0.1:8080';
  return {
    '/fetch': { target: backend, changeOrigin: true },
    '/static': { target: backend, changeOrigin: true },
  };
}
