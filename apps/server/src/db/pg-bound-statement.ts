import { createRequire } from 'node:module';
import pg from 'pg';
import { serialize } from 'pg-protocol';

/** pg's own conversion of a parameter (a Date, a Buffer, an array, JSON) to what it sends; pg ships no types for its lib/. */
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown };

/** What PostgreSQL said a named statement returns: its columns' names and how to read each from text. */
interface Described {
  names: string[];
  parsers: ((text: string) => unknown)[];
}

/** The part of pg's connection a statement is written to and remembered on. */
interface PgConnection {
  stream: { write(chunk: Buffer): boolean };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/** What Kysely's PostgreSQL driver reads of a result. */
export interface BoundResult {
  command: string | null;
  rowCount: number | null;
  rows: Record<string, unknown>[];
}

/** One named statement with its values, and where its answer goes. */
export interface NamedStatement {
  name: string;
  text: string;
  values: readonly unknown[];
  done: (err: Error | null, result?: BoundResult) => void;
}

/** The answer of a statement PostgreSQL never ran because one before it in the same exchange failed: run it again on its own. */
export class SkippedStatement extends Error {
  constructor(name: string) {
    super(`statement ${name} was not run: an earlier statement of its exchange failed`);
  }
}

/** Each connection's described statements, by name (names are per process and never reused for another SQL text). */
const describedOn = new WeakMap<object, Map<string, Described>>();

const COMMAND = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;
const NO_COLUMNS: Described = { names: [], parsers: [] };

interface Running extends NamedStatement {
  described: Described | undefined;
  describing: boolean;
  rows: Record<string, unknown>[];
  command: string | null;
  rowCount: number | null;
  failed: Error | null;
}

/**
 * Named statements run as pg's own `Query` runs one, less what every run repeated: pg
 * asks PostgreSQL to describe the result on every execution and builds the columns' parsers again
 * from that answer, a `Query` (an EventEmitter) and a `Result` per statement, and four writes into
 * a corked socket. Here a statement's first run on a connection is parse, bind, describe and
 * execute as pg sends them, and the description is kept for that connection; after that it is
 * bind and execute, and the rows are read with the kept parsers.
 *
 * Several statements go out in one write with one sync (a pipeline): PostgreSQL answers them in
 * order in one exchange, one round trip and one wake-up of its backend for all. When one fails,
 * PostgreSQL skips the rest until the sync: those answer `SkippedStatement`, for the caller to run
 * again. The statements of one exchange are one implicit transaction, so a pipeline is for reads.
 *
 * A kept description cannot go stale unnoticed: a named statement whose result shape changed
 * (a migration) fails in PostgreSQL with "cached plan must not change result type", and
 * pg-named-statements.ts then gives every SQL text a new name, which is described anew.
 *
 * It is a pg "submittable" (the interface pg-cursor and pg-query-stream use): the client queues it,
 * calls `submit` when the connection is free and hands it each message of the answer. The client
 * records a parsed statement under the submittable's `name` and `text` when PostgreSQL confirms
 * the parse: they name the statement being answered.
 */
export class BoundStatements {
  readonly #statements: Running[];
  #at = 0;
  #connection: object | null = null;
  #end: (err: Error | null) => void;

  constructor(statements: readonly NamedStatement[], end: (err: Error | null) => void = () => {}) {
    this.#statements = statements.map((s) => ({ ...s, described: undefined, describing: false, rows: [], command: null, rowCount: null, failed: null }));
    this.#end = end;
  }

  /** Runs one statement through a pg client's `query`, resolving as `client.query(text, values)` would. */
  static run(query: (submittable: unknown) => unknown, name: string, text: string, values: readonly unknown[]): Promise<BoundResult> {
    return new Promise((resolve, reject) => {
      query(new BoundStatements([{ name, text, values, done: (err, result) => (err ? reject(err) : resolve(result!)) }]));
    });
  }

  /** Whether the statements were written to PostgreSQL (false when refused before, e.g. a value pg cannot send). */
  get sent(): boolean {
    return this.#connection !== null;
  }

  get name(): string | undefined {
    return this.#statements[this.#at]?.name;
  }

  get text(): string | undefined {
    return this.#statements[this.#at]?.text;
  }

  submit(connection: PgConnection): Error | null {
    const binds: Buffer[] = [];
    for (const [i, s] of this.#statements.entries()) {
      // Refused before anything is written: the client reports the error to handleError, which gives it to this statement.
      this.#at = i;
      const previous = connection.parsedStatements[s.name] ?? connection.submittedNamedStatements[s.name];
      if (previous !== undefined && previous !== s.text) return new Error(`Prepared statements must be unique - '${s.name}' was used for a different statement`);
      try {
        binds.push(serialize.bind({ statement: s.name, values: s.values as unknown[], valueMapper: pgUtils.prepareValue }));
      } catch (err) {
        // A value pg cannot send.
        return err as Error;
      }
    }
    this.#at = 0;
    this.#connection = connection;
    let described = describedOn.get(connection);
    if (!described) describedOn.set(connection, (described = new Map()));
    const parts: Buffer[] = [];
    for (const [i, s] of this.#statements.entries()) {
      const parsed = connection.parsedStatements[s.name] !== undefined || connection.submittedNamedStatements[s.name] !== undefined;
      if (!parsed) {
        parts.push(serialize.parse({ name: s.name, text: s.text, types: [] }));
        connection.submittedNamedStatements[s.name] = s.text;
        // A statement parsed anew (this connection's first run, or after PostgreSQL refused it) is described anew.
        described.delete(s.name);
      }
      parts.push(binds[i]!);
      s.described = described.get(s.name);
      if (!s.described) {
        s.describing = true;
        parts.push(serialize.describe({ type: 'P', name: '' }));
      }
      parts.push(serialize.execute());
    }
    parts.push(serialize.sync());
    connection.stream.write(Buffer.concat(parts));
    return null;
  }

  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }): void {
    const s = this.#statements[this.#at];
    if (!s) return;
    const described: Described = { names: [], parsers: [] };
    for (const field of msg.fields) {
      described.names.push(field.name);
      described.parsers.push(pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown);
    }
    s.described = described;
    if (s.describing && this.#connection) describedOn.get(this.#connection)?.set(s.name, described);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const s = this.#statements[this.#at];
    if (!s || s.failed) return;
    const described = s.described;
    if (!described) {
      s.failed = new Error(`statement ${s.name} returned rows before it was described`);
      return;
    }
    const row: Record<string, unknown> = {};
    const { names, parsers } = described;
    try {
      for (let i = 0; i < msg.fields.length; i++) {
        const raw = msg.fields[i];
        row[names[i]!] = raw === null || raw === undefined ? null : parsers[i]!(raw);
      }
    } catch (err) {
      s.failed = err as Error;
      return;
    }
    s.rows.push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    const s = this.#statements[this.#at];
    if (!s) return;
    // Described and no columns came (NoData: a write without `returning`): that is its description too.
    if (s.describing && !s.described && this.#connection) describedOn.get(this.#connection)?.set(s.name, NO_COLUMNS);
    const match = COMMAND.exec(msg.text);
    if (match) {
      s.command = match[1]!;
      const count = match[3] ?? match[2];
      if (count !== undefined) s.rowCount = Number(count);
    }
    this.#at++;
  }

  handleEmptyQuery(): void {
    if (this.#statements[this.#at]) this.#at++;
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  /**
   * PostgreSQL refused the statement being answered (or the exchange's implicit commit, or the
   * connection failed). It answers that error; every other statement answers `SkippedStatement`:
   * those after it never ran, and those before it were undone with the exchange.
   */
  handleError(err: Error): void {
    const connection = this.#connection as PgConnection | null;
    // Every statement ran and the exchange's end failed: each answers that error.
    if (this.#at >= this.#statements.length) {
      for (const s of this.#statements) s.done(err);
      return this.#finish(err);
    }
    for (const [i, s] of this.#statements.entries()) {
      if (i === this.#at) {
        // The client forgets the failed statement's submission; its kept description goes too, so it is described when sent again.
        if (connection) describedOn.get(connection)?.delete(s.name);
        s.done(s.failed ?? err);
        continue;
      }
      // Never parsed: PostgreSQL skipped its parse with the rest.
      if (i > this.#at && connection && connection.parsedStatements[s.name] === undefined) delete connection.submittedNamedStatements[s.name];
      s.done(new SkippedStatement(s.name));
    }
    this.#at = this.#statements.length;
    this.#finish(err);
  }

  /** The exchange ended well: each statement answers its rows (pg's Query, too, answers only here). */
  handleReadyForQuery(): void {
    for (const s of this.#statements) {
      if (s.failed) s.done(s.failed);
      else s.done(null, { command: s.command, rowCount: s.rowCount, rows: s.rows });
    }
    this.#finish(null);
  }

  #finish(err: Error | null): void {
    const end = this.#end;
    this.#end = () => {};
    end(err);
  }
}
