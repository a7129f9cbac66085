import { useSyncExternalStore } from 'react';
import { Role, STORAGE_KEYS } from '@simshop/contract';
import { reloadCartCount } from './cart-count';
import { clearSessionStorage, readStored, readToken } from './storage';

/**
 * Who is signed in (SPEC §4 "Session"): decided by the presence of a stored token (the reseller flag by
 * the stored role being the foreign reseller role), re-read
 * whenever this tab changes the session or another tab changes storage.
 */

export interface SessionSnapshot {
  readonly loggedIn: boolean;
  readonly reseller: boolean;
  readonly nickname: string | null;
}

function read(): SessionSnapshot {
  const user = readStored(STORAGE_KEYS.userInfo);
  const info = typeof user === 'object' && user !== null ? (user as { role?: unknown; nickname?: unknown; name?: unknown }) : {};
  const nickname = typeof info.nickname === 'string' && info.nickname ? info.nickname : typeof info.name === 'string' && info.name ? info.name : null;
  return { loggedIn: readToken() !== null, reseller: info.role === Role.foreignReseller, nickname };
}

let snapshot = read();
const listeners = new Set<() => void>();

export function refreshSession(): void {
  const next = read();
  if (next.loggedIn === snapshot.loggedIn && next.reseller === snapshot.reseller && next.nickname === snapshot.nickname) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears every session key (token, user, address, totals, cache, page info) and the badge. */
export function clearSession(): void {
  clearSessionStorage();
  reloadCartCount();
  refreshSession();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => refreshSession());
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
