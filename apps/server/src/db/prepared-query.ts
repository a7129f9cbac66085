import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './database.ts';

/** Stands for a value in a query built once; replaced by the caller's value when it runs. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * A query of the hot path built and compiled by Kysely once per database (the SQL differs by
 * dialect) and then run with new values (issue 12). Building a query (the operation tree, frozen
 * node by node) and compiling it cost more than SQLite takes to run most of them: for the session
 * lookup every signed-in request makes, about four fifths of its time. The builder gets
 * placeholders for the values; a value is anything Kysely sends as a parameter (`=`, `>`, `limit`,
 * inserted and set values), never a list for `in` (its length changes the SQL) nor a table or
 * column name.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(build: (db: Executor, values: P) => Compilable<R>) {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const placeholders = new Proxy({}, { get: (_target, name) => new Placeholder(String(name)) }) as P;

  function compiledFor(db: Executor): CompiledQuery<R> {
    // A transaction shares its database's adapter: one compiled query serves both.
    const dialect = db.getExecutor().adapter;
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, placeholders).compile();
      compiled.set(dialect, query);
    }
    return query;
  }

  /** The compiled query with the caller's values in place of the placeholders. */
  function bound(db: Executor, values: P): CompiledQuery<R> {
    const query = compiledFor(db);
    return { ...query, parameters: query.parameters.map((p) => (p instanceof Placeholder ? values[p.name] : p)), queryId: createQueryId() };
  }

  return {
    /** The whole result: rows, and for a write the rows it changed (`numAffectedRows`). */
    async result(db: Executor, values: P): Promise<QueryResult<R>> {
      return db.executeQuery<R>(bound(db, values));
    },
    async execute(db: Executor, values: P): Promise<R[]> {
      return (await this.result(db, values)).rows;
    },
    async takeFirst(db: Executor, values: P): Promise<R | undefined> {
      return (await this.execute(db, values))[0];
    },
    /** The SQL and parameters a run would send (tests). */
    compiled(db: Executor, values: P): { sql: string; parameters: readonly unknown[] } {
      const { sql, parameters } = bound(db, values);
      return { sql, parameters };
    },
  };
}
