import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@simshop/contract';
import { readStored, writeStored } from './storage';

/**
 * The cart count behind the cart tab badge (SPEC §4 "Cart"): set, increase or decrease, each
 * change persisted under the total-info key and announced to subscribers and as a window event,
 * so code outside React (the API client) and the tab bar stay in step.
 */

export const CART_COUNT_EVENT = 'simshop:cart-count';

type Listener = () => void;
const listeners = new Set<Listener>();

/** A stored total-info value → a usable count; anything odd counts as an empty cart. */
export function cartCountFrom(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const cart = (value as { cart?: unknown }).cart;
  const n = typeof cart === 'number' ? cart : typeof cart === 'string' ? Number(cart) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

let count = cartCountFrom(readStored(STORAGE_KEYS.totalInfo));

function emit(): void {
  for (const listener of listeners) listener();
  if (typeof window !== 'undefined' && typeof CustomEvent === 'function') {
    window.dispatchEvent(new CustomEvent(CART_COUNT_EVENT, { detail: count }));
  }
}

export function getCartCount(): number {
  return count;
}

export function setCartCount(next: number): void {
  const value = Math.max(0, Math.floor(Number.isFinite(next) ? next : 0));
  const stored = readStored(STORAGE_KEYS.totalInfo);
  // Other counters may live in total info beside the cart: keep them.
  const base = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  writeStored(STORAGE_KEYS.totalInfo, { ...base, cart: value });
  if (value === count) return;
  count = value;
  emit();
}

export function decreaseCartCount(by = 1): void {
  setCartCount(count - by);
}

/** Re-reads storage, e.g. after another tab changed it or the session was cleared. */
export function reloadCartCount(): void {
  const value = cartCountFrom(readStored(STORAGE_KEYS.totalInfo));
  if (value === count) return;
  count = value;
  emit();
}

export function subscribeCartCount(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signing in or adding to the cart updates this tab's badge too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.totalInfo) reloadCartCount();
  });
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribeCartCount, getCartCount, getCartCount);
}

/** The cart tab's badge text (SPEC §2): none at 0, so the badge is removed; large counts stay compact. */
export function cartBadge(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > 99 ? '99+' : String(count);
}
