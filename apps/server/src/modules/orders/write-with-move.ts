import type { QueryCreator } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * A write of another module that goes with an order's status move (issue 12: on PostgreSQL in
 * the move's statement, one round trip fewer; e.g. the payment that pays the order). The module
 * that owns the rows defines it, in its repository, once: the move's statement is compiled once
 * per part, so `build` never branches on a value.
 */
export interface MovePart<V extends Record<string, unknown>, R> {
  /** Adds the write as data-modifying CTEs; the rows of the one named `returned` come back (as JSON: integers, bigints and text only). */
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
