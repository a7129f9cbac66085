import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateToLatest } from '../src/db/database.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';

/**
 * The API suite's global setup: one database migrated and seeded with the demo data, made once
 * per run. Each test file's database starts as a copy of it (PostgreSQL: CREATE DATABASE …
 * TEMPLATE; SQLite: the file copied), instead of running every migration and the seed again —
 * about a second per file on SQLite and two on PostgreSQL. The server still migrates and seeds on
 * start, which finds nothing left to do.
 */
export interface ApiTemplate {
  /** PostgreSQL: the template database's name in DATABASE_URL's cluster. */
  postgres?: string;
  /** SQLite: the template file. */
  sqliteFile?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplate: ApiTemplate;
  }
}

export const SQLITE_FILE = 'simshop.sqlite';

export const adminDatabase = (url: string) => new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });

export const databaseUrlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `simshop_template_${randomBytes(6).toString('hex')}`;
    const admin = adminDatabase(adminUrl);
    await sql`create database ${sql.id(name)}`.execute(admin);
    const db = createDatabase({ databaseUrl: databaseUrlOf(adminUrl, name), dataDir: tmpdir() });
    await migrateToLatest(db);
    await seedDemo(db);
    // A template may have no open connection while it is copied.
    await db.destroy();
    project.provide('apiTemplate', { postgres: name });
    return async () => {
      await sql`drop database if exists ${sql.id(name)}`.execute(admin);
      await admin.destroy();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'simshop-api-template-'));
  const db = createDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedDemo(db);
  // Closing checkpoints the write-ahead log into the file, so the file alone is the database.
  await db.destroy();
  project.provide('apiTemplate', { sqliteFile: join(dir, SQLITE_FILE) });
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** A new SQLite database in dataDir that starts as the template. */
export function copySqliteTemplate(template: string, dataDir: string): void {
  copyFileSync(template, join(dataDir, SQLITE_FILE));
  for (const suffix of ['-wal', '-shm']) if (existsSync(template + suffix)) throw new Error(`the template ${template} still has a ${suffix} file: it was not closed`);
}
