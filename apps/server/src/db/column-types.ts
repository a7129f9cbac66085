import type { ColumnType } from 'kysely';

/**
 * Column types the tables share. Times are epoch milliseconds (bigint on PostgreSQL, read back as
 * numbers); booleans are 0/1 integers so the same queries serve SQLite and PostgreSQL.
 */
export type Millis = ColumnType<number, number, number>;
