/** Local browser storage keys of SPEC §3, shared so tests and the app agree on them. */
export const STORAGE_KEYS = {
  systemInfo: 'simshop.systemInfo',
  userInfo: 'simshop.userInfo',
  token: 'simshop.token',
  pageInfo: 'simshop.pageInfo',
  addressInfo: 'simshop.addressInfo',
  cache: 'simshop.cache',
  totalInfo: 'simshop.totalInfo',
  language: 'simshop.language',
  /** The currency chosen in Mine (also on the account when signed in); absent: the language's default. */
  currency: 'simshop.currency',
} as const;

/** SPEC §9 constants the client and server both rely on. */
export const LIMITS = {
  addressPageSize: 30,
  addressCacheMs: 300_000,
  networkTimeoutMs: 60_000,
  toastErrorMs: 5000,
  toastSuccessMs: 3000,
  toastClipboardMs: 2000,
  lazyChunkTimeoutMs: 120_000,
  versionLabel: 'v1.0',
} as const;
