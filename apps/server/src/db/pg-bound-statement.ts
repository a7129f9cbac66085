import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { serialize } from 'pg-protocol';

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

/** Each connection's described statements, by name (names are per process and never reused for another SQL text). */
const describedOn = new WeakMap<object, Map<string, Described>>();

const COMMAND = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

/**
 * A named statement run as pg's own `Query` runs it (issue 12), less what every run repeated: pg
 * asks PostgreSQL to describe the result on every execution and builds the columns' parsers again
 * from that answer, a `Query` (an EventEmitter) and a `Result` per statement, and four writes into
 * a corked socket. Here the first run on a connection is parse, bind, describe, execute and sync
 * as pg sends them, and the description is kept for that connection; after that a run is bind,
 * execute and sync in one buffer, one write, and the rows are read with the kept parsers.
 *
 * A kept description cannot go stale unnoticed: a named statement whose result shape changed
 * (a migration) fails in PostgreSQL with "cached plan must not change result type", and
 * pg-named-statements.ts then gives every SQL text a new name, which is described anew.
 *
 * It is a pg "submittable" (the interface pg-cursor and pg-query-stream use): the client queues it,
 * calls `submit` when the connection is free and hands it each message of the answer.
 */
export class BoundStatement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
  callback: (err: Error | null, result?: BoundResult) => void;
  #described: Described | undefined;
  #describing = false;
  #rows: Record<string, unknown>[] = [];
  #command: string | null = null;
  #rowCount: number | null = null;
  #failed: Error | null = null;
  #connection: object | null = null;

  constructor(name: string, text: string, values: readonly unknown[], callback: (err: Error | null, result?: BoundResult) => void) {
    this.name = name;
    this.text = text;
    this.values = values;
    this.callback = callback;
  }

  /** Runs `text` as the named statement `name` through a pg client's `query`, resolving as `client.query(text, values)` would. */
  static run(query: (submittable: unknown) => unknown, name: string, text: string, values: readonly unknown[]): Promise<BoundResult> {
    return new Promise((resolve, reject) => {
      query(new BoundStatement(name, text, values, (err, result) => (err ? reject(err) : resolve(result!))));
    });
  }

  submit(connection: PgConnection): Error | null {
    const previous = connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
    if (previous !== undefined && previous !== this.text) return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    let bind: Buffer;
    try {
      bind = serialize.bind({ statement: this.name, values: this.values as unknown[], valueMapper: pgUtils.prepareValue });
    } catch (err) {
      // A value pg cannot send: nothing is written, and the client reports the error.
      return err as Error;
    }
    this.#connection = connection;
    let described = describedOn.get(connection);
    if (!described) describedOn.set(connection, (described = new Map()));
    const parts: Buffer[] = [];
    if (previous === undefined) {
      parts.push(serialize.parse({ name: this.name, text: this.text, types: [] }));
      connection.submittedNamedStatements[this.name] = this.text;
      // A statement parsed anew (this connection's first run, or after PostgreSQL refused it) is described anew.
      described.delete(this.name);
    }
    parts.push(bind);
    this.#described = described.get(this.name);
    if (!this.#described) {
      this.#describing = true;
      parts.push(serialize.describe({ type: 'P', name: '' }));
    }
    parts.push(serialize.execute(), serialize.sync());
    connection.stream.write(Buffer.concat(parts));
    return null;
  }

  handleRowDescription(msg: { fields: { name: string; dataTypeID: number; format: string }[] }): void {
    const described: Described = { names: [], parsers: [] };
    for (const field of msg.fields) {
      described.names.push(field.name);
      described.parsers.push(pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown);
    }
    this.#described = described;
    if (this.#describing && this.#connection) describedOn.get(this.#connection)?.set(this.name, described);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.#failed) return;
    const described = this.#described;
    if (!described) {
      this.#failed = new Error(`statement ${this.name} returned rows before it was described`);
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
      this.#failed = err as Error;
      return;
    }
    this.#rows.push(row);
  }

  handleCommandComplete(msg: { text: string }): void {
    const match = COMMAND.exec(msg.text);
    if (!match) return;
    this.#command = match[1]!;
    const count = match[3] ?? match[2];
    if (count !== undefined) this.#rowCount = Number(count);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(err: Error): void {
    // The client forgets the statement's submission; a description kept for it goes too, so a statement PostgreSQL refused is described when sent again.
    if (this.#connection) describedOn.get(this.#connection)?.delete(this.name);
    this.#finish(this.#failed ?? err);
  }

  handleReadyForQuery(): void {
    if (this.#failed) return this.#finish(this.#failed);
    this.#finish(null, { command: this.#command, rowCount: this.#rowCount, rows: this.#rows });
  }

  #finish(err: Error | null, result?: BoundResult): void {
    const callback = this.callback;
    this.callback = () => {};
    callback(err, result);
  }
}
