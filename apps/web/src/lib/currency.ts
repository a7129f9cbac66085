import { useSyncExternalStore } from 'react';
import { Currency, currencyForLanguage, STORAGE_KEYS } from '@simshop/contract';
import { i18n, languageNow } from '@/i18n';
import { readStored, removeStored, writeStored } from './storage';

/**
 * The currency prices, the cart and orders are asked in: the one chosen in Mine (kept in this
 * browser, and on the account when signed in), else the language's default. Every priced request
 * names it, so the server prices what the customer sees; it never converts by a rate.
 */
const listeners = new Set<() => void>();
export const CURRENCIES: readonly Currency[] = Object.values(Currency);

// Checked against the enum by hand: the first screen loads no schema library.
const asCurrency = (value: unknown): Currency | null => (CURRENCIES.includes(value as Currency) ? (value as Currency) : null);

function chosen(): Currency | null {
  return asCurrency(readStored(STORAGE_KEYS.currency));
}

/** The currency in use now (outside React: a route starting its first requests). */
export const currencyNow = (): Currency => chosen() ?? currencyForLanguage(languageNow());

/** Whether the customer chose one (else it follows the language). */
export const currencyChosen = (): boolean => chosen() !== null;

/** Keeps a choice (null: follow the language again) and re-renders whoever shows prices. */
export function setCurrency(currency: Currency | null): void {
  if (currency === null) removeStored(STORAGE_KEYS.currency);
  else writeStored(STORAGE_KEYS.currency, currency);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const offLanguage = i18n.subscribe(listener);
  // Another tab choosing changes it here too.
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEYS.currency && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    offLanguage();
    window.removeEventListener('storage', onStorage);
  };
}

/** The currency in use; re-renders the caller when the choice or the language changes. */
export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, currencyNow, currencyNow);
}

/** Signing in (or the profile coming back) brings the account's choice to this browser; an account without one keeps the browser's. */
export function adoptAccountCurrency(user: unknown): void {
  const account = asCurrency((user as { currency?: unknown } | null)?.currency);
  if (account !== null && account !== chosen()) setCurrency(account);
}

