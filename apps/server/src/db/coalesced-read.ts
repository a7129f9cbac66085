import { sql, type RawBuilder } from 'kysely';
import { onPostgres, type Executor } from './database.ts';

interface Batch<K, B> {
  keys: Set<K>;
  waiters: { resolve: (answer: B) => void; reject: (error: unknown) => void }[];
}

interface State<K, B> {
  /** The batch sent and not answered yet. */
  sent: boolean;
  /** The batch being gathered: sent at the end of this turn of the event loop, or when the one sent returns. */
  next: Batch<K, B> | null;
}

/** Per database handle, the batches due at the end of this turn of the event loop. */
const due = new WeakMap<object, (() => void)[]>();

/** Sends a batch at the end of this turn, together with every other coalesced read's batch due then. */
function sendSoon(db: Executor, send: () => void): void {
  let sends = due.get(db);
  if (!sends) {
    due.set(db, (sends = []));
    setImmediate(() => {
      due.delete(db);
      for (const s of sends!) s();
    });
  }
  sends.push(send);
}

/**
 * A read every request must make fresh (the catalogue's version, a session, a cart), shared by the
 * requests that ask for it at the same time. A request joins the batch being gathered;
 * the batch is sent at the end of the event loop's turn (every request whose bytes came in that
 * turn has asked by then) or, when a batch is still out, after it returns (on PostgreSQL two
 * turns after). Each batch is sent after all of its members asked, so what it reads is at least as
 * new as what each of them would have read alone: a price changed or a session revoked on another
 * process before a request arrived is seen by that request. Under load one statement (on
 * PostgreSQL one round trip) serves a turn's worth of requests instead of one each; an idle server
 * sends a batch of one at once.
 *
 * `run` reads for every key of the batch and answers once for all; each member picks its own part.
 * Inside a transaction nothing is shared: the read runs in it.
 */
export function coalescedRead<K, B>(run: (db: Executor, keys: readonly K[]) => Promise<B>) {
  const states = new WeakMap<object, State<K, B>>();

  function send(db: Executor, state: State<K, B>): void {
    const batch = state.next;
    if (!batch || state.sent) return;
    state.next = null;
    state.sent = true;
    let answer: Promise<B>;
    try {
      answer = run(db, [...batch.keys]);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (value) => {
        for (const w of batch.waiters) w.resolve(value);
      },
      (error: unknown) => {
        for (const w of batch.waiters) w.reject(error);
      },
    ).finally(() => {
      state.sent = false;
      if (!state.next) return;
      // On PostgreSQL the next batch goes two turns of the event loop after the answer came rather
      // than at once: requests whose bytes came in with the answer, or in the turn after it, join
      // it first (under load 4.2-5.3 requests a statement instead of 3.1-4.1, bench). SQLite answers
      // in the same turn, so there is nothing to gather: the next batch goes at once.
      if (onPostgres(db)) setImmediate(() => sendSoon(db, () => send(db, state)));
      else send(db, state);
    });
  }

  return function read(db: Executor, keys: Iterable<K>): Promise<B> {
    if (db.isTransaction) return run(db, [...keys]);
    let state = states.get(db);
    if (!state) states.set(db, (state = { sent: false, next: null }));
    let batch = state.next;
    if (!batch) {
      batch = state.next = { keys: new Set(), waiters: [] };
      if (!state.sent) sendSoon(db, () => send(db, state));
    }
    for (const key of keys) batch.keys.add(key);
    return new Promise<B>((resolve, reject) => batch.waiters.push({ resolve, reject }));
  };
}

const PLAIN_KEY = /^[0-9A-Za-z]+$/;

/**
 * A batch's keys as one value, so a statement's SQL is the same whatever the batch holds and is
 * prepared once: a JSON array on SQLite, an array literal on PostgreSQL. Keys are integers or
 * strings of letters and digits (ids, hex hashes), which neither form needs to quote.
 */
export function keyList(db: Executor, keys: readonly (number | string)[]): string {
  for (const key of keys) if (typeof key === 'string' ? !PLAIN_KEY.test(key) : !Number.isSafeInteger(key)) throw new Error(`keyList: ${String(key)} is not a plain key`);
  if (onPostgres(db)) return `{${keys.join(',')}}`;
  return JSON.stringify(keys);
}

/**
 * NULLs appended to a key list on PostgreSQL. A named statement's plan is re-made on every run
 * while the plans made for its values (custom plans) are priced below the one plan made for any
 * values (generic): the generic plan prices an array parameter as ten keys, a custom plan as the
 * keys it got. The session lookup, priced at one key against ten, was planned on every run (plans
 * = calls in pg_stat_statements; its planning took eight times its run). With the padding a custom
 * plan is priced at 32 or more keys, so after its five custom runs the statement keeps the generic
 * plan. `= any` never matches a NULL, and the index scan drops them before it searches.
 */
const KEY_LIST_PADDING = `{${Array.from({ length: 31 }, () => 'NULL').join(',')}}`;

/** `column` is one of the keys in `list`, a `keyList` value (or a prepared query's placeholder for one). */
export function inKeyList(db: Executor, column: string, list: unknown, type: 'integer' | 'text'): RawBuilder<boolean> {
  if (onPostgres(db)) return sql<boolean>`${sql.ref(column)} = any(cast(${list} as ${sql.raw(type)}[]) || cast(${sql.lit(KEY_LIST_PADDING)} as ${sql.raw(type)}[]))`;
  return sql<boolean>`${sql.ref(column)} in (select value from json_each(${list}))`;
}
