import type { Esim, ResponseOf } from '@simshop/contract';
import { STORAGE_KEYS } from '@simshop/contract';
import { getSession, subscribeSession } from '@/lib/session';
import { readStored, removeStored, writeStored } from '@/lib/storage';
import { clearPersonalCaches } from './personal-caches';

/**
 * The signed-in traveller's eSIMs kept on the phone, so the QR code and the activation code can
 * be shown where there is no data. Written on every
 * successful online read of the list or a detail; read only when the network fails. It belongs
 * to the user who saved it (their id is stored with it and checked on every read) and is removed
 * when the session ends — sign-out, expiry, or another tab signing out.
 */
export const OFFLINE_ESIMS_KEY = 'simshop.offline.esims';

export type EsimListItem = ResponseOf<'esim', 'list'>['items'][number];

interface Saved {
  owner: number;
  /** When the list was last read online (epoch ms). */
  listSavedAt: number | null;
  list: EsimListItem[];
  details: Record<string, { savedAt: number; esim: Esim }>;
}

/** A copy read from the phone, with when it was saved. */
export interface OfflineCopy<T> {
  data: T;
  savedAt: number;
}

function currentOwner(): number | null {
  if (!getSession().loggedIn) return null;
  const user = readStored(STORAGE_KEYS.userInfo);
  const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : undefined;
  return typeof id === 'number' ? id : null;
}

function isSaved(value: unknown): value is Saved {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Saved>;
  return typeof v.owner === 'number' && Array.isArray(v.list) && typeof v.details === 'object' && v.details !== null;
}

/** The saved copy if it is the signed-in user's; anything else is removed, never shown. */
function load(): Saved | null {
  const owner = currentOwner();
  const saved = readStored(OFFLINE_ESIMS_KEY);
  if (saved === null) return null;
  if (owner === null || !isSaved(saved) || saved.owner !== owner) {
    removeStored(OFFLINE_ESIMS_KEY);
    return null;
  }
  return saved;
}

function update(change: (saved: Saved) => void): void {
  const owner = currentOwner();
  if (owner === null) return;
  const saved = load() ?? { owner, listSavedAt: null, list: [], details: {} };
  change(saved);
  writeStored(OFFLINE_ESIMS_KEY, saved);
}

export function saveEsimList(items: EsimListItem[], now = Date.now()): void {
  update((saved) => {
    saved.list = items;
    saved.listSavedAt = now;
    // A detail of an eSIM no longer in the list is not kept.
    const ids = new Set(items.map((e) => String(e.id)));
    for (const id of Object.keys(saved.details)) if (!ids.has(id)) delete saved.details[id];
  });
}

export function saveEsimDetail(esim: Esim, now = Date.now()): void {
  update((saved) => {
    saved.details[String(esim.id)] = { savedAt: now, esim };
  });
}

export function offlineEsimList(): OfflineCopy<EsimListItem[]> | null {
  const saved = load();
  return saved && saved.listSavedAt !== null ? { data: saved.list, savedAt: saved.listSavedAt } : null;
}

/**
 * One eSIM as saved: its own detail if it was opened online, else its entry of the list (which
 * has the install data, only not the install log).
 */
export function offlineEsimDetail(id: number): OfflineCopy<Esim> | null {
  const saved = load();
  if (!saved) return null;
  const detail = saved.details[String(id)];
  if (detail) return { data: detail.esim, savedAt: detail.savedAt };
  const item = saved.list.find((e) => e.id === id);
  return item && saved.listSavedAt !== null ? { data: { ...item, installLog: [], usage: null, packages: [] }, savedAt: saved.listSavedAt } : null;
}

export function clearOfflineEsims(): void {
  removeStored(OFFLINE_ESIMS_KEY);
}

/**
 * Removes the copy as soon as no one is signed in (called once at start), and the service
 * worker's saved pages then or when another account signs in on top (personal-caches.ts).
 */
export function watchSessionForOfflineEsims(): void {
  let owner = currentOwner();
  const check = () => {
    const now = currentOwner();
    if (!getSession().loggedIn) {
      clearOfflineEsims();
      void clearPersonalCaches();
    } else if (owner !== null && now !== null && now !== owner) void clearPersonalCaches();
    owner = now ?? owner;
  };
  check();
  subscribeSession(check);
}
