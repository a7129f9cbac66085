import type { QueryCreator } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A write of another module that goes with an order's status move (on PostgreSQL in
 * the move's statement, one round trip fewer; e.g. the payment that pays the order and the debit
 * of the balance it is paid from). The module that owns the rows defines it, in its repository,
 * once: the move's statement is compiled once per list of parts, so `build` never branches on a
 * value.
 */
export interface MovePart<V extends Record<string, unknown>, R> {
  /** Names the part among others (the compiled statement is kept by its parts' names). */
  name: string;
  /**
   * Adds the write as data-modifying CTEs; the rows of the one named `returned` come back (as
   * JSON: integers, bigints and text only). CTE and value names must differ from the other parts'
   * and the move's.
   */
  build: (q: QueryCreator<DB>, values: V) => QueryCreator<DB>;
  returned: string;
  /** The same write as statements of its own (SQLite, or an order that does not move), before the move. */
  separately: (db: Executor, values: V) => Promise<R[]>;
}

/** A part with the values of this write. */
export interface WithMove<V extends Record<string, unknown>, R> {
  part: MovePart<V, R>;
  values: V;
}

/** Any part with its values, in a list of several kinds. */
export type AnyWithMove = { part: MovePart<never, unknown>; values: Record<string, unknown> };

/** The rows each part of a list writes, in the list's order. */
export type RowsOf<P extends readonly AnyWithMove[]> = { -readonly [K in keyof P]: P[K] extends { part: MovePart<never, infer R> } ? R[] : never };
