import { useSyncExternalStore } from 'react';
import { isResellerRole, Role, STORAGE_KEYS } from '@simshop/contract';
import { reloadCartCount, setCartCount } from './cart-count';
import { adoptAccountCurrency } from './currency';
import { clearSessionStorage, readStored, readToken, removeStored, writeStored } from './storage';

/**
 * Who is signed in (SPEC §4 "Session"): decided by the presence of a stored token (the reseller flag by
 * the stored role being the foreign reseller role), re-read
 * whenever this tab changes the session or another tab changes storage.
 */

export interface SessionSnapshot {
  readonly loggedIn: boolean;
  readonly reseller: boolean;
  /** The account is a reseller account (of any kind), whichever way it signed in. */
  readonly resellerAccount: boolean;
  readonly nickname: string | null;
}

/** Where the reseller flag of the last sign-in is kept (SPEC §4: "set from the login argument"). */
const RESELLER_FLAG_KEY = `${STORAGE_KEYS.userInfo}.reseller`;

function read(): SessionSnapshot {
  const user = readStored(STORAGE_KEYS.userInfo);
  const info = typeof user === 'object' && user !== null ? (user as { role?: unknown; nickname?: unknown; name?: unknown }) : {};
  const nickname = typeof info.nickname === 'string' && info.nickname ? info.nickname : typeof info.name === 'string' && info.name ? info.name : null;
  const flag = readStored(RESELLER_FLAG_KEY);
  // Older stored sessions have no flag: the role decides, as SPEC §4 reads.
  const reseller = typeof flag === 'boolean' ? flag : info.role === Role.foreignReseller;
  const resellerAccount = typeof info.role === 'number' && isResellerRole(info.role as Role);
  return { loggedIn: readToken() !== null, reseller: readToken() !== null && reseller, resellerAccount: readToken() !== null && resellerAccount, nickname };
}

/** SPEC §4 "On login": token, user info and totals are stored, the flags follow. */
export function startSession(login: { token: string; data: unknown; total: { cart: number }; reseller: boolean }): void {
  writeStored(STORAGE_KEYS.token, login.token);
  writeStored(STORAGE_KEYS.userInfo, login.data);
  writeStored(RESELLER_FLAG_KEY, login.reseller);
  adoptAccountCurrency(login.data);
  setCartCount(login.total.cart);
  refreshSession();
}

/** Keeps the stored user info in step after a profile change. */
export function updateStoredUser(user: unknown): void {
  writeStored(STORAGE_KEYS.userInfo, user);
  adoptAccountCurrency(user);
  refreshSession();
}

let snapshot = read();
const listeners = new Set<() => void>();

export function refreshSession(): void {
  const next = read();
  if (next.loggedIn === snapshot.loggedIn && next.reseller === snapshot.reseller && next.resellerAccount === snapshot.resellerAccount && next.nickname === snapshot.nickname) return;
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
  removeStored(RESELLER_FLAG_KEY);
  reloadCartCount();
  refreshSession();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => refreshSession());
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
