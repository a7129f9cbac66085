import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_BASE, Role, fullApi, signRequest, type AnyActionName, type AnyEndpointName, type AnyRequestOf, type AnyResponseOf, type Envelope, type CodePurpose, type StaffRole } from '@simshop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { runAdminCommand } from '../src/cli/admin-command.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { solveProof } from '../src/modules/accounts/proof-of-work.ts';
import { adminDatabase, copySqliteTemplate, databaseUrlOf } from './template-database.ts';
import { createSession } from '../src/modules/sessions/session.service.ts';
import { createStaffSession } from '../src/modules/staff/staff.service.ts';

const runFile = promisify(execFile);

/**
 * One call gives a test file a server on a fresh, migrated, seeded database: a new SQLite file,
 * or a new PostgreSQL database in the cluster DATABASE_URL points at (dropped afterwards).
 */
export interface TestApp extends App {
  config: Config;
  engine: 'sqlite' | 'postgres';
  /** A signed POST through inject; returns the HTTP status and the parsed envelope. */
  call<E extends AnyEndpointName, A extends AnyActionName<E>>(
    endpoint: E,
    action: A,
    body: AnyRequestOf<E, A> | Record<string, unknown>,
    options?: { token?: string; ip?: string },
  ): Promise<{ http: number; body: Envelope<AnyResponseOf<E, A>> }>;
  /** A staff session of the demo member with this role (`<role>@simshop.local`). */
  staffSignIn(role: StaffRole): Promise<{ staffId: number; token: string }>;
  /** The audit rows written for a target, oldest first. */
  auditOf(targetType: string, targetId: string | number): Promise<{ action: string; actor: string; staff_id: number | null; ip: string | null; before_json: string | null; after_json: string | null }[]>;
  /** A user with a session token, for calls that need sign-in (a reseller session for reseller roles unless told otherwise). */
  signIn(role?: Role, mode?: 'regular' | 'reseller'): Promise<{ userId: number; token: string }>;
  /** Delivers what is queued (mails, SMS) as the worker would. */
  drain(): Promise<number>;
  /** The last 6-digit code delivered to a phone number or email address. */
  lastCode(target: string): Promise<string>;
  /** Solves a proof-of-work challenge and sends a code; returns it. */
  sendCode(account: string, purpose: CodePurpose): Promise<string>;
  /** Asks for a proof-of-work challenge for a purpose and solves it, as the browser does (small difficulty in tests). */
  proof(purpose: CodePurpose, options?: { token?: string; ip?: string }): Promise<{ seedId: string; solution: string }>;
  /** Pays an order on the sandbox's hosted page, approving or declining, as a customer would; then delivers what the outbox holds. */
  paySandbox(token: string, orderNo: string, outcome?: 'approve' | 'decline'): Promise<{ status: number; location: string | undefined }>;
  /** Creates an order of one SKU (by code) and pays it in the sandbox; returns the order number. */
  buy(token: string, skuCode: string, quantity: number, inputs?: Record<string, string>, addressId?: number): Promise<string>;
  /** The id of a demo SKU by its code (demo catalogue). */
  sku(code: string): Promise<{ id: number; productId: number; stock: number | null }>;
  /** Runs `npm run admin -- ...` as the owner would, on this test's database; exit code and output (stderr on failure). */
  admin(...args: string[]): Promise<{ code: number; out: string }>;
  /** The same as a real `tsx src/cli/admin.ts` process: its exit code and output. */
  adminProcess(...args: string[]): Promise<{ code: number; out: string }>;
  /** Listens on a free loopback port, for what calls the server over HTTP (the SM-DP+ simulator and its notifications); its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'simshop-api-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const template = inject('apiTemplate');
  if (adminUrl) {
    const name = `simshop_test_${randomBytes(6).toString('hex')}`;
    const admin = adminDatabase(adminUrl);
    if (template.postgres) await sql`create database ${sql.id(name)} template ${sql.id(template.postgres)}`.execute(admin);
    else await sql`create database ${sql.id(name)}`.execute(admin);
    databaseUrl = databaseUrlOf(adminUrl, name);
    dropDatabase = async () => {
      // The app's pool has ended, but its backends may take a moment to go: wait for them
      // rather than force them off (a forced drop makes their clients report an error).
      for (let attempt = 0; ; attempt++) {
        try {
          await sql`drop database if exists ${sql.id(name)}`.execute(admin);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await admin.destroy();
    };
  }
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...overrides });
  if (!adminUrl && template.sqliteFile) copySqliteTemplate(template.sqliteFile, dataDir);
  const db: Database = createDatabase({ databaseUrl, dataDir });
  const built = await buildApp({ config, db, workers: false });
  let users = 0;
  // Each call comes from its own address, as many customers would, so per-IP limits only bite
  // in the tests that pass one address on purpose.
  let calls = 0;
  const nextIp = () => `10.${(++calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`;

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
        url: `${API_BASE}${fullApi[endpoint].path}?${query}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
        remoteAddress: options.ip ?? nextIp(),
      });
      return { http: res.statusCode, body: res.json() };
    },
    async paySandbox(token, orderNo, outcome = 'approve') {
      const pay = await testApp.call('order', 'pay', { orderNo, method: 'sandbox' }, { token });
      if (!pay.body.data?.redirectUrl) throw new Error(`paying ${orderNo} failed: ${JSON.stringify(pay.body)}`);
      const url = new URL(pay.body.data.redirectUrl).pathname;
      const page = await built.app.inject({ method: 'GET', url });
      const sig = new RegExp(`value="${outcome}"><input type="hidden" name="sig" value="([0-9a-f]+)"`).exec(page.body)![1]!;
      const res = await built.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}&sig=${sig}` });
      await testApp.drain();
      return { status: res.statusCode, location: res.headers.location as string | undefined };
    },
    async buy(token, skuCode, quantity, inputs = {}, addressId) {
      const sku = await testApp.sku(skuCode);
      const order = await testApp.call('order', 'create', { items: [{ skuId: sku.id, quantity, inputs }], ...(addressId ? { addressId } : {}) }, { token });
      if (order.body.code !== 0) throw new Error(`ordering ${skuCode} failed: ${JSON.stringify(order.body)}`);
      await testApp.paySandbox(token, order.body.data.orderNo);
      return order.body.data.orderNo;
    },
    async admin(...args) {
      // In this process (importing the server once per test run, not once per command); one test
      // in admin.test.ts runs the real `tsx admin.ts` process.
      return runAdminCommand(args, { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    },
    async adminProcess(...args) {
      const env = { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', LOG_LEVEL: 'silent', NODE_ENV: 'test' };
      try {
        const { stdout } = await runFile(resolve(import.meta.dirname, '../../../node_modules/.bin/tsx'), [resolve(import.meta.dirname, '../src/cli/admin.ts'), ...args], { env });
        return { code: 0, out: stdout.trim() };
      } catch (err) {
        const e = err as { code: number; stderr: string };
        return { code: e.code, out: e.stderr.trim() };
      }
    },
    async sku(code) {
      const row = await db.selectFrom('product_skus').select(['id', 'product_id', 'stock']).where('code', '=', code).executeTakeFirstOrThrow();
      return { id: row.id, productId: row.product_id, stock: row.stock };
    },
    async drain() {
      return drainOutbox(db, built.outboxHandlers);
    },
    async lastCode(target) {
      await testApp.drain();
      for (const kind of ['mail', 'sms']) {
        const dir = join(dataDir, 'outbox', kind);
        let files: string[] = [];
        try {
          files = readdirSync(dir).sort();
        } catch {
          continue;
        }
        for (const file of files.reverse()) {
          const message = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string; text: string };
          if (message.to === target) return /\b(\d{6})\b/.exec(message.text)![1]!;
        }
      }
      throw new Error(`no code was sent to ${target}`);
    },
    async proof(purpose, options = {}) {
      const seed = await testApp.call(options.token ? 'seedAuthc' : 'seed', 'image_code', { purpose }, options);
      if (seed.body.code !== 0) throw new Error(`no challenge: ${JSON.stringify(seed.body)}`);
      return { seedId: seed.body.data.seedId, solution: solveProof(seed.body.data.nonce, seed.body.data.difficulty) };
    },
    async sendCode(account, purpose) {
      const res = await testApp.call('codeSend', 'send', { account, purpose, ...(await testApp.proof(purpose)) });
      if (res.body.code !== 0) throw new Error(`sending a code failed: ${JSON.stringify(res.body)}`);
      return testApp.lastCode(account.toLowerCase());
    },
    async signIn(role = Role.normal, mode) {
      users += 1;
      const now = Date.now();
      const row = await db
        .insertInto('users')
        .values({ role, user_type: 4, nickname: `user${users}`, name: '', email: `user${users}-${now}@example.com`, status: 'active', can_create_reseller: 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { userId: row.id, token: await createSession(db, config, row.id, mode ?? (role === Role.normal ? 'regular' : 'reseller')) };
    },
    async staffSignIn(role) {
      const row = await db.selectFrom('staff').select('id').where('email', '=', `${role}@simshop.local`).executeTakeFirstOrThrow();
      return { staffId: row.id, token: await createStaffSession(db, row.id, '127.0.0.1', Date.now()) };
    },
    async auditOf(targetType, targetId) {
      return db
        .selectFrom('audit_log')
        .select(['action', 'actor', 'staff_id', 'ip', 'before_json', 'after_json'])
        .where('target_type', '=', targetType)
        .where('target_id', '=', String(targetId))
        .orderBy('id')
        .execute();
    },
    async listen() {
      await built.app.listen({ host: '127.0.0.1', port: 0 });
      const address = built.app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async close() {
      // The file's tests are over: a connection a client left open (a stream, a request it gave
      // up on) must not hold the close until its keep-alive runs out, as production's shutdown
      // also cuts them after its grace.
      const closing = built.app.close();
      built.app.server.closeAllConnections();
      await closing;
      await db.destroy();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * The server of a test file (or of the describe block it is called in): built on a fresh database
 * before its tests, closed after them. The handle it returns forwards to that server, so it can be
 * named at module level and used in tests and hooks. Overrides given as a function are read when
 * the server is built, after the hooks registered before this call (a fake upstream's port).
 * Hooks registered after this call run after the server is built and before it is closed.
 */
export function useTestApp(overrides: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? overrides() : overrides);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error(`the test app is read outside its tests and hooks (${String(key)})`);
      return Reflect.get(current, key) as unknown;
    },
  });
}
