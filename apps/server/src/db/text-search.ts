import { sql, type RawBuilder } from 'kysely';

/**
 * Case-insensitive "contains" and "starts with" filters that behave the same on SQLite and
 * PostgreSQL: the typed text is matched literally (%, _ and \ are escaped), never as a pattern.
 */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** A console list's search box: the text in any of these columns. */
export function containsAnyText(columns: readonly string[], text: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(columns.map((column) => containsText(column, text)), sql` or `)})`;
}
