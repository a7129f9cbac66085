import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * A transaction that starts deferred reads first and upgrades to a writer later; when another
 * process (the admin CLI, a second connection) wrote in between, SQLite cannot upgrade it and
 * answers "database is locked" at once, busy_timeout or not. Starting every transaction with
 * BEGIN IMMEDIATE takes the write lock up front, where busy_timeout makes it wait its turn.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
