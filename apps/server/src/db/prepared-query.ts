import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './database.ts';
import { readRows } from './read-now.ts';

/** Stands for a value in a query built once; replaced by the caller's value when it runs. */
class Placeholder {
  constructor(
    readonly name: string,
    /** The element of a list value, and the field of a row or object value. */
    readonly index = -1,
    readonly field: string | null = null,
  ) {}

  valueIn(values: Record<string, unknown>): unknown {
    let value = values[this.name];
    if (this.index >= 0) value = (value as unknown[])[this.index];
    if (this.field !== null) value = (value as Record<string, unknown>)[this.field];
    // An expression (sql`…`, eb(…)) changes the SQL: it cannot be a prepared query's value.
    if (typeof value === 'object' && value !== null && 'toOperationNode' in value) throw new Error(`prepared query: ${this.name} holds an expression, not a value`);
    return value;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The keys of an object value a query sees: Kysely leaves out an undefined value in `set` and `values`, and so does the shape. */
const definedKeys = (value: Record<string, unknown>) => Object.keys(value).filter((k) => value[k] !== undefined);

/**
 * What the SQL of a query built from these values depends on besides the dialect: the length of a
 * list (`in (?, ?)`, the rows of an insert) and the keys of an object or row (the columns of `set`
 * and `values`). Empty for scalar values only, the common case.
 */
function shapeOf(values: Record<string, unknown>): string {
  let shape = '';
  for (const name in values) {
    const value = values[name];
    if (Array.isArray(value)) shape += `${name}[${value.length}${value.length > 0 && isPlainObject(value[0]) ? `:${definedKeys(value[0]).join(',')}` : ''}]`;
    else if (isPlainObject(value)) shape += `${name}{${definedKeys(value).join(',')}}`;
  }
  return shape;
}

/** Placeholders shaped like the caller's values: one per scalar, per list element, per field of an object or row. */
function placeholdersFor(values: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        const name = String(key);
        const value = values[name];
        const fields = (of: Record<string, unknown>, index: number) => Object.fromEntries(definedKeys(of).map((k) => [k, new Placeholder(name, index, k)]));
        if (Array.isArray(value)) return value.map((element: unknown, i) => (isPlainObject(element) ? fields(value[0] as Record<string, unknown>, i) : new Placeholder(name, i)));
        if (isPlainObject(value)) return fields(value, -1);
        return new Placeholder(name);
      },
    },
  );
}

/**
 * The guard that a builder never branches on a value nor puts one where SQL is written (a column
 * name, a raw fragment): each new shape is also built with the caller's own values, and both
 * builds must compile to the same SQL with the same number of parameters. A builder that did
 * branch would otherwise run the placeholders' branch for every caller.
 */
function assertSameSql(withPlaceholders: CompiledQuery, withValues: CompiledQuery): void {
  if (withPlaceholders.sql !== withValues.sql || withPlaceholders.parameters.length !== withValues.parameters.length) {
    throw new Error(`prepared query: its SQL depends on a value (built with placeholders: ${withPlaceholders.sql}; with the values: ${withValues.sql})`);
  }
}

/** Compiled shapes kept per query and dialect; a query whose lists take more lengths than this compiles the rest each time. */
const MAX_SHAPES = 64;

/**
 * A query of the hot path built and compiled by Kysely once per database (the SQL differs by
 * dialect) and then run with new values. Building a query (the operation tree, frozen
 * node by node) and compiling it cost more than SQLite takes to run most of them: for the session
 * lookup every signed-in request makes, about four fifths of its time. The builder gets
 * placeholders for the values; a value is anything Kysely sends as a parameter (`=`, `>`, `limit`,
 * inserted and set values), never a table or column name, and the builder never branches on one.
 * A list (`in`, the rows of an insert) or an object (the columns of `set` or `values`) is compiled
 * once per length and set of keys; every row of a list must have the first row's keys.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(build: (db: Executor, values: P) => Compilable<R>) {
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();

  function compiledFor(db: Executor, values: P): CompiledQuery<R> {
    // A transaction shares its database's adapter: one compiled query serves both.
    const dialect = db.getExecutor().adapter;
    let shapes = compiled.get(dialect);
    if (!shapes) compiled.set(dialect, (shapes = new Map()));
    const shape = shapeOf(values);
    let query = shapes.get(shape);
    if (!query) {
      query = build(db, placeholdersFor(values) as P).compile();
      assertSameSql(query, build(db, values).compile());
      if (shapes.size < MAX_SHAPES) shapes.set(shape, query);
    }
    return query;
  }

  /** The compiled query with the caller's values in place of the placeholders. */
  function bound(db: Executor, values: P): CompiledQuery<R> {
    const query = compiledFor(db, values);
    return { ...query, parameters: query.parameters.map((p) => (p instanceof Placeholder ? p.valueIn(values) : p)), queryId: createQueryId() };
  }

  return {
    /** The whole result: rows, and for a write the rows it changed (`numAffectedRows`). */
    async result(db: Executor, values: P): Promise<QueryResult<R>> {
      return db.executeQuery<R>(bound(db, values));
    },
    /** The rows; a read outside a transaction on SQLite is answered at once (read-now.ts). */
    async execute(db: Executor, values: P): Promise<R[]> {
      return readRows(db, bound(db, values));
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
