import type {
  CompiledQuery} from 'kysely';
import {
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';

/**
 * Group commit for SQLite. With `synchronous=FULL` every COMMIT waits for the disk
 * (fsync), and on one connection nothing else runs meanwhile: a checkout's two transactions spent
 * more time waiting for the disk than in everything else. Here transactions that follow each other
 * share one COMMIT, as PostgreSQL and MySQL group their commits:
 *
 * - The writer connection opens one real transaction (`BEGIN IMMEDIATE`, the write lock up front)
 *   and each of our transactions runs inside it as a savepoint. A transaction that fails rolls back
 *   to its savepoint and leaves the others' work alone; one that succeeds releases its savepoint,
 *   hands the writer to the next transaction queued, and waits.
 * - When no transaction is queued any more, the group COMMITs once; every member's `execute`
 *   returns only then. Nothing is answered before it is on disk; a COMMIT that fails fails every
 *   member of its group, whose work is then rolled back together.
 * - Plain statements outside a transaction: a write joins the open group (or opens one) and waits
 *   for its COMMIT the same way. A read runs on a second, read-only connection, which sees only
 *   committed data, never a group still waiting for the disk (an in-memory database has no second
 *   connection: its reads queue for the writer).
 * - A group does not grow without end: the COMMIT queues behind the transactions already waiting
 *   and ahead of those that come later.
 */
/**
 * The writer: a connection that also says whether a transaction is open on it (better-sqlite3's
 * `inTransaction`, SQLite's autocommit flag). A full disk, an I/O error or lack of memory may make
 * SQLite roll back the whole transaction by itself in the middle of a statement; the group then has
 * to know that its members' work is gone.
 */
export type GroupWriter = SqliteDatabase & { readonly inTransaction: boolean };

export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #writer: GroupWriter;
  readonly #reader: SqliteDatabase | null;

  constructor(config: { writer: GroupWriter; reader: SqliteDatabase | null }) {
    super({ database: config.writer });
    this.#writer = config.writer;
    this.#reader = config.reader;
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#writer, this.#reader);
  }
}

/** The savepoint each of our transactions is inside the group's one transaction. */
const MEMBER = 'simshop_group_member';

/**
 * How long transactions may hold the writer back to back before the event loop gets a turn. Node
 * (libuv 1.45 on) accepts one new connection per event-loop iteration, and better-sqlite3 never
 * yields: under load one iteration ran every request read in it, 40-140 ms at 100 buyers, so a
 * hundred clients connecting at once waited seconds to be accepted (the checkout's tail of
 * 1.1-3 s; the server's own handling never took more than 200 ms). Past this budget the writer is
 * handed on in the next iteration instead, after the poll phase has accepted and read.
 */
export const TURN_BUDGET_MS = 5;

/**
 * First come, first served: the group's COMMIT waits behind the transactions queued before it.
 * Within a turn of TURN_BUDGET_MS the lock passes straight to the next waiter; after it, to the
 * next waiter in a timer (timers run at the start of the next iteration, before its poll phase),
 * and an acquire that finds the lock free but the turn spent waits for that timer too.
 */
class FifoLock {
  #held = false;
  readonly #queue: Array<() => void> = [];
  /** When the current turn began (undefined: none yet in this iteration). */
  #turnStart: number | undefined;
  #resumeScheduled = false;

  acquire(): Promise<void> {
    if (!this.#held && this.#queue.length === 0 && this.#withinTurn()) {
      this.#held = true;
      return Promise.resolve();
    }
    const waiting = new Promise<void>((resolve) => this.#queue.push(resolve));
    if (!this.#held) this.#resumeLater();
    return waiting;
  }

  release(): void {
    if (this.#queue.length > 0 && this.#withinTurn()) {
      this.#queue.shift()!();
      return;
    }
    this.#held = false;
    if (this.#queue.length > 0) this.#resumeLater();
  }

  #withinTurn(): boolean {
    const now = performance.now();
    if (this.#turnStart === undefined) {
      this.#turnStart = now;
      // The turn ends with this iteration's check phase (the next one's, when it began there).
      setImmediate(() => (this.#turnStart = undefined));
      return true;
    }
    return now - this.#turnStart < TURN_BUDGET_MS;
  }

  #resumeLater(): void {
    if (this.#resumeScheduled) return;
    this.#resumeScheduled = true;
    setTimeout(() => {
      this.#resumeScheduled = false;
      if (this.#held || this.#queue.length === 0) return;
      // A new turn: this timer runs in an iteration of its own.
      this.#turnStart = undefined;
      this.#withinTurn();
      this.#held = true;
      this.#queue.shift()!();
    }, 0);
  }
}

interface Group {
  readonly durable: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function openGroup(): Group {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const durable = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody waits on (all members rolled back) must not report an unhandled rejection.
  durable.catch(() => {});
  return { durable, resolve, reject };
}

function run(db: SqliteDatabase, sql: string, parameters: readonly unknown[] = []): QueryResult<unknown> {
  return runStatement(db.prepare(sql), parameters);
}

function runStatement(stmt: SqliteStatement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) as unknown[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
    insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
    rows: [],
  };
}

/**
 * The reader's statement for a query it may answer (a select that writes nothing), else null.
 * Anything else (DDL above all, which the reader's possibly older view of the schema could refuse
 * when preparing) goes to the writer.
 */
function readerStatement(reader: SqliteDatabase, sql: string): SqliteStatement | null {
  if (!/^\s*(select|with)\b/i.test(sql)) return null;
  try {
    const stmt = reader.prepare(sql) as SqliteStatement & { readonly?: boolean };
    return stmt.readonly === true ? stmt : null;
  } catch {
    return null;
  }
}

/**
 * A read outside any transaction answered at once by the read connection, as `runPlain` answers
 * it but without Kysely's executor around it (read-now.ts); null when the reader may not answer it.
 */
export function readOnReader(reader: SqliteDatabase, query: { sql: string; parameters: readonly unknown[] }): unknown[] | null {
  const read = readerStatement(reader, query.sql);
  return read ? (read.all(query.parameters) as unknown[]) : null;
}

export class GroupCommitSqliteDriver implements Driver {
  readonly #writer: GroupWriter;
  readonly #reader: SqliteDatabase | null;
  readonly #lock = new FifoLock();
  #group: Group | null = null;
  #commitQueued = false;

  constructor(writer: GroupWriter, reader: SqliteDatabase | null) {
    this.#writer = writer;
    this.#reader = reader;
  }

  async init(): Promise<void> {}

  /** A handle per use: it holds the writer only between BEGIN and COMMIT of a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#joinGroup();
      this.#onWriter(`savepoint ${MEMBER}`);
    } catch (err) {
      this.#leave();
      throw err;
    }
    (connection as GroupConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as GroupConnection;
    if (!member.inTransaction) return;
    const group = this.#group!;
    member.inTransaction = false;
    try {
      this.#onWriter(`release ${MEMBER}`);
    } catch (err) {
      this.#undoMember();
      this.#leave();
      throw err;
    }
    this.#leave();
    await group.durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as GroupConnection;
    // Kysely also rolls back after a failed commit: the group's own rollback already undid it.
    if (!member.inTransaction) return;
    member.inTransaction = false;
    try {
      this.#undoMember();
    } finally {
      this.#leave();
    }
  }

  async destroy(): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#commitGroup();
    } finally {
      this.#reader?.close();
      this.#writer.close();
      this.#lock.release();
    }
  }

  /** A statement of a transaction: on the writer, which the transaction holds. */
  runInTransaction(query: CompiledQuery): QueryResult<unknown> {
    return this.#onWriter(query.sql, query.parameters);
  }

  /** A statement outside any transaction. */
  async runPlain(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (!this.#reader) {
      // In memory: nothing to wait for on disk, and no second connection to read from.
      await this.#lock.acquire();
      try {
        return run(this.#writer, query.sql, query.parameters);
      } finally {
        this.#lock.release();
      }
    }
    const read = readerStatement(this.#reader, query.sql);
    if (read) return runStatement(read, query.parameters);
    await this.#lock.acquire();
    let group: Group;
    let result: QueryResult<unknown>;
    try {
      group = this.#joinGroup();
      // A failing statement undoes only itself; the group's transaction stays open (unless SQLite
      // rolled it back whole, which #onWriter tells the group).
      result = this.#onWriter(query.sql, query.parameters);
    } finally {
      this.#leave();
    }
    await group.durable;
    return result;
  }

  /** Rows one at a time (exports): from the reader when it may, else on the writer like any statement. */
  async *stream(query: CompiledQuery, inTransaction: boolean): AsyncIterableIterator<QueryResult<unknown>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const db = !inTransaction && this.#reader ? this.#reader : this.#writer;
    for (const row of db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row] };
  }

  /**
   * A statement on the writer while it is held. When it fails and SQLite has rolled back the
   * group's whole transaction by itself (a full disk, an I/O error, lack of memory: SQLite may do
   * so in the middle of any statement), every member's work is gone: the group ends there, its
   * members already waiting for the COMMIT are told so with this error, and the next transaction
   * opens a new group instead of running unprotected in autocommit.
   */
  #onWriter(sql: string, parameters: readonly unknown[] = []): QueryResult<unknown> {
    try {
      return run(this.#writer, sql, parameters);
    } catch (err) {
      const group = this.#group;
      if (group && !this.#writer.inTransaction) {
        this.#group = null;
        group.reject(err);
      }
      throw err;
    }
  }

  #joinGroup(): Group {
    if (this.#group && !this.#writer.inTransaction) {
      // Lost without a failing statement of ours seeing it: nothing of it is on disk.
      const lost = this.#group;
      this.#group = null;
      lost.reject(new Error('the group transaction was rolled back by SQLite'));
    }
    if (!this.#group) {
      // IMMEDIATE takes the write lock up front, where busy_timeout makes a write of another process
      // (the admin CLI) wait its turn; a deferred BEGIN upgraded later fails at once with "locked".
      run(this.#writer, 'begin immediate');
      this.#group = openGroup();
    }
    return this.#group;
  }

  /** Undoes the member's savepoint; nothing to undo when SQLite already rolled the group back. */
  #undoMember(): void {
    if (!this.#writer.inTransaction) return;
    this.#onWriter(`rollback to ${MEMBER}`);
    this.#onWriter(`release ${MEMBER}`);
  }

  /**
   * Hands the writer on. The group's COMMIT is queued after the requests already received have had
   * their turn (setImmediate runs after pending I/O): better-sqlite3 answers synchronously, so a
   * transaction never yields to other requests and, queued at once, every group would be one.
   */
  #leave(): void {
    if (this.#group && !this.#commitQueued) {
      this.#commitQueued = true;
      setImmediate(() => {
        void this.#lock.acquire().then(() => {
          this.#commitQueued = false;
          try {
            this.#commitGroup();
          } finally {
            this.#lock.release();
          }
        });
      });
    }
    this.#lock.release();
  }

  /** With the writer held. */
  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    this.#group = null;
    try {
      run(this.#writer, 'commit');
      group.resolve();
    } catch (err) {
      try {
        run(this.#writer, 'rollback');
      } catch {
        // SQLite may have rolled back by itself already (an I/O error does).
      }
      group.reject(err);
    }
  }
}

class GroupConnection implements DatabaseConnection {
  inTransaction = false;
  readonly #driver: GroupCommitSqliteDriver;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.inTransaction ? this.#driver.runInTransaction(query) : await this.#driver.runPlain(query)) as QueryResult<R>;
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.#driver.stream(query, this.inTransaction) as AsyncIterableIterator<QueryResult<R>>;
  }
}

