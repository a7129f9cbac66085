import { STORAGE_KEYS } from '@simshop/contract';

/**
 * Local browser storage (SPEC §3). Values are written as JSON; reads also accept a bare string
 * (a token or language typed into devtools or set by a test) so a hand-set value never crashes
 * the shop. Every access is guarded: Safari private mode and disabled storage throw.
 */

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function backend(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readRaw(key: string): string | null {
  try {
    return backend()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Parses a stored value; a value that is not JSON is returned as the string it is. */
export function decodeStored(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function readStored(key: string): unknown {
  return decodeStored(readRaw(key));
}

export function readString(key: string): string | null {
  const value = readStored(key);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function writeStored(key: string, value: unknown): void {
  try {
    backend()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working for this page view.
  }
}

export function removeStored(key: string): void {
  try {
    backend()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** The keys a lost session or a logout clears (SPEC §4 "Session"): language and system info stay. */
export const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.addressInfo,
  STORAGE_KEYS.totalInfo,
  STORAGE_KEYS.cache,
  STORAGE_KEYS.pageInfo,
] as const;

export function clearSessionStorage(): void {
  for (const key of SESSION_KEYS) removeStored(key);
}

export function readToken(): string | null {
  return readString(STORAGE_KEYS.token);
}
