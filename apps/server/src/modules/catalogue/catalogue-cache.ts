import type { Executor } from '../../db/database.ts';
import * as catalogue from './catalogue.repository.ts';

/** Entries kept per kind (list pages by filter, product details by id); the least recently used go first. */
export const CATALOGUE_CACHE_SIZE = { list: 200, detail: 1000 } as const;

type Kind = keyof typeof CATALOGUE_CACHE_SIZE;

interface CacheState {
  version: number;
  entries: Record<Kind, Map<string, unknown>>;
}

/**
 * What the shop shows of its catalogue, kept in this process (issue 12) and trusted only while
 * the database's catalogue version is the one it was read under. Triggers raise that version in
 * the same transaction as any catalogue write, whoever makes it (migration 0026), so a price
 * changed through another server process is seen on the next request here: each request reads
 * the version first (one tiny query) and everything else only when it moved. One cache per
 * database handle, never shared between handles; inside a transaction nothing is cached.
 */
const states = new WeakMap<object, CacheState>();

export async function cachedRead<T>(db: Executor, kind: Kind, key: string, load: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return load();
  // Read before the data: a write that commits after this makes the next request's version newer.
  const version = await catalogue.catalogueVersion(db);
  let state = states.get(db);
  if (!state || version > state.version) {
    state = { version, entries: { list: new Map(), detail: new Map() } };
    states.set(db, state);
  }
  // A request that read an older version than another one already did: serve it, keep nothing.
  if (version < state.version) return load();
  const entries = state.entries[kind];
  if (entries.has(key)) {
    const hit = entries.get(key) as T;
    // Most recently used last (a Map iterates in insertion order).
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const value = await load();
  if (states.get(db) === state) {
    entries.set(key, value);
    if (entries.size > CATALOGUE_CACHE_SIZE[kind]) entries.delete(entries.keys().next().value!);
  }
  return value;
}
