import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, API_BASE, signRequest, type ActionName, type EndpointName, type Envelope, type RequestOf, type ResponseOf } from '@simshop/contract';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createSession } from '../src/modules/sessions/session.service.ts';

/**
 * One call gives a test file a server on a fresh, migrated, seeded database: a new SQLite file,
 * or a new PostgreSQL database in the cluster DATABASE_URL points at (dropped afterwards).
 */
export interface TestApp extends App {
  config: Config;
  engine: 'sqlite' | 'postgres';
  /** A signed POST through inject; returns the HTTP status and the parsed envelope. */
  call<E extends EndpointName, A extends ActionName<E>>(
    endpoint: E,
    action: A,
    body: RequestOf<E, A> | Record<string, unknown>,
    options?: { token?: string },
  ): Promise<{ http: number; body: Envelope<ResponseOf<E, A>> }>;
  /** A user with a session token, for calls that need sign-in. */
  signIn(role?: number): Promise<{ userId: number; token: string }>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-api-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `simshop_test_${randomBytes(6).toString('hex')}`;
    const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }) });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    };
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...overrides });
  const db: Database = createDatabase({ databaseUrl, dataDir });
  const built = await buildApp({ config, db });
  let users = 0;

  const testApp: TestApp = {
    ...built,
    config,
    engine: databaseUrl ? 'postgres' : 'sqlite',
    async call(endpoint, action, body, options = {}) {
      const query = `action=${action}`;
      const payload = JSON.stringify(body);
      const headers = signRequest(config.signing, { query, body: payload, token: options.token });
      const res = await built.app.inject({
        method: 'POST',
        url: `${API_BASE}${api[endpoint].path}?${query}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      return { http: res.statusCode, body: res.json() };
    },
    async signIn(role = 1) {
      users += 1;
      const now = Date.now();
      const row = await db
        .insertInto('users')
        .values({ role, user_type: 4, nickname: `user${users}`, name: '', email: `user${users}-${now}@example.com`, status: 'active', can_create_reseller: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { userId: row.id, token: await createSession(db, config, row.id) };
    },
    async close() {
      await built.app.close();
      await db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
