import { coalescedRead } from '../../db/coalesced-read.ts';
import type { Executor } from '../../db/database.ts';
import * as catalogue from './catalogue.repository.ts';

/** Entries kept per kind (list pages by filter, product details by id, carts' products by ids); the least recently used go first. */
export const CATALOGUE_CACHE_SIZE = { list: 200, detail: 1000, cart: 1000 } as const;

type Kind = keyof typeof CATALOGUE_CACHE_SIZE;

interface Entry {
  value: unknown;
  /** The counted SKUs in the value, worked out when the entry is first served again. */
  counted?: readonly number[];
}

interface CacheState {
  version: number;
  entries: Record<Kind, Map<string, Entry>>;
}

/** Live stock of the counted SKUs an answer shows, by SKU id (only those asked for). */
export type LiveStock = ReadonlyMap<number, number | null>;

/** What an answer reads live: the counted SKUs in a cached value, and whether only those sold out matter (a list). */
export interface LiveRead<T> {
  counted: (value: T) => readonly number[];
  soldOutOnly: boolean;
}

/**
 * What the shop shows of its catalogue, kept in this process and trusted only while
 * the database's catalogue version is the one it was read under. Triggers raise that version in
 * the same transaction as any catalogue write, whoever makes it (migration 0026), so a price
 * changed through another server process is seen on the next request here. Stock moves with every
 * order and is never cached: a request served from the cache reads the version and its entry's
 * stock in one statement (one snapshot), and everything else only when the version moved.
 * One cache per database handle, never shared between handles; inside a transaction nothing is cached.
 */
const states = new WeakMap<object, CacheState>();

/**
 * The cached value for `key` (loaded when missing or stale) with the current stock of the SKUs
 * `live.counted` names in it (with `live.soldOutOnly`, of those of them sold out). On a hit that is one statement; on a miss the version is read before
 * the data (a write committing meanwhile makes the next request's version newer), then the stock.
 */
export async function cachedWithStock<T>(db: Executor, kind: Kind, key: string, load: () => Promise<T>, live: LiveRead<T>): Promise<{ value: T; stock: LiveStock }> {
  if (db.isTransaction) {
    const value = await load();
    return { value, stock: await readStock(db, value, live) };
  }
  const current = states.get(db);
  const entry = current?.entries[kind].get(key);
  let version: number;
  if (entry) {
    entry.counted ??= live.counted(entry.value as T);
    const read = await versionAndStock(db, entry.counted);
    // Still the same state (another request may have replaced it meanwhile) at the same version: a hit.
    if (current === states.get(db) && read.version === current!.version) {
      touch(current!.entries[kind], key, entry);
      return { value: entry.value as T, stock: stockOf(read.stock, entry.counted, live.soldOutOnly) };
    }
    version = read.version;
  } else {
    version = (await versionAndStock(db, [])).version;
  }
  const state = stateAt(db, version);
  const value = await load();
  if (state) remember(db, state, kind, key, value);
  return { value, stock: await readStock(db, value, live) };
}

/**
 * The version and the stock of the SKUs asked for, read for all the requests asking at the same
 * time in one statement (db/coalesced-read.ts): each gets the whole answer and picks its SKUs.
 */
const versionAndStock = coalescedRead(catalogue.versionAndStock);

/** The stock of `ids` in a batch's answer (with `soldOutOnly`, of those of them with none left). */
function stockOf(read: ReadonlyMap<number, number | null>, ids: readonly number[], soldOutOnly: boolean): LiveStock {
  const stock = new Map<number, number | null>();
  for (const id of ids) {
    if (!read.has(id)) continue;
    const n = read.get(id)!;
    if (!soldOutOnly || (n !== null && n <= 0)) stock.set(id, n);
  }
  return stock;
}

async function readStock<T>(db: Executor, value: T, live: LiveRead<T>): Promise<LiveStock> {
  const ids = live.counted(value);
  if (ids.length === 0) return new Map();
  return stockOf((await versionAndStock(db, ids)).stock, ids, live.soldOutOnly);
}

/**
 * The cached value for `key` under `version`, a catalogue version the caller read itself (in the
 * same statement as what it reads live, as the cart does): loaded when missing or when the
 * version moved.
 */
export async function cachedAt<T>(db: Executor, version: number, kind: Kind, key: string, load: () => Promise<T>): Promise<T> {
  if (db.isTransaction) return load();
  const state = stateAt(db, version);
  const entry = state?.entries[kind].get(key);
  if (entry) {
    touch(state!.entries[kind], key, entry);
    return entry.value as T;
  }
  const value = await load();
  if (state) remember(db, state, kind, key, value);
  return value;
}

/** The cache for what was read under `version`; null when another request already read a newer one (serve, keep nothing). */
function stateAt(db: Executor, version: number): CacheState | null {
  let state = states.get(db);
  if (!state || version > state.version) {
    state = { version, entries: { list: new Map(), detail: new Map(), cart: new Map() } };
    states.set(db, state);
  }
  return version === state.version ? state : null;
}

/** Most recently used last (a Map iterates in insertion order). */
function touch(entries: Map<string, Entry>, key: string, entry: Entry): void {
  entries.delete(key);
  entries.set(key, entry);
}

function remember(db: Executor, state: CacheState, kind: Kind, key: string, value: unknown): void {
  // A newer version came in while this loaded: its entries start empty.
  if (states.get(db) !== state) return;
  const entries = state.entries[kind];
  entries.set(key, { value });
  if (entries.size > CATALOGUE_CACHE_SIZE[kind]) entries.delete(entries.keys().next().value!);
}
