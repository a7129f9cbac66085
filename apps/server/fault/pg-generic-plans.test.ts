import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role, UserType } from '@simshop/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Database } from '../src/db/database.ts';
import { ownWithCheckout } from '../src/modules/orders/order.repository.ts';
import { insertUser } from '../src/modules/accounts/account.repository.ts';
import { findActiveByTokenHash } from '../src/modules/sessions/session.repository.ts';
import { freshPostgres } from './server-process.ts';

/**
 * A named statement keeps the generic plan PostgreSQL makes on its first runs on a connection,
 * until the tables it reads are next analysed. A shop's connections make theirs while its tables
 * are small, so a statement over a table that grows with every order must be planned as an index
 * lookup even on an empty table: a scan of the table would then be repeated by every payment, each
 * one longer (the bench counted 1,600 rows of `order_items` read per payment after a minute).
 */
describe('plans PostgreSQL keeps for the shop', () => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('reads the items of the orders a payment covers through their index, with a plan made on an empty table', async () => {
    db = createDatabase({ databaseUrl: await freshPostgres('generic_plan'), dataDir: mkdtempSync(join(tmpdir(), 'simshop-plan-')) });
    await migrateToLatest(db);
    await db.connection().execute(async (conn) => {
      // The plan kept after a statement's first runs, from its first run.
      await sql`set plan_cache_mode = force_generic_plan`.execute(conn);
      expect(await ownWithCheckout(conn, 1, 'OD000000000000', true)).toEqual({ own: undefined, together: [], items: [] });
      const named = await sql<{ name: string }>`select name from pg_prepared_statements where statement like '%"together"%' and statement like '%"order_items"%'`.execute(conn);
      expect(named.rows).toHaveLength(1);
      const explained = await sql.raw<{ 'QUERY PLAN': string }>(`explain execute ${named.rows[0]!.name}('OD000000000000')`).execute(conn);
      const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan using order_items_order on order_items');
      expect(plan).not.toMatch(/Seq Scan on order_items/);
    });
  });

  it('keeps one plan for the session lookup rather than planning it again on every request', async () => {
    db = createDatabase({ databaseUrl: await freshPostgres('session_plan'), dataDir: mkdtempSync(join(tmpdir(), 'simshop-plan-')) });
    await migrateToLatest(db);
    await db.connection().execute(async (conn) => {
      const userId = await insertUser(conn, { role: Role.normal, user_type: UserType.email, nickname: 'n', name: '', avatar: null, tel: null, email: 'n@example.com', password_hash: null, status: 'active', can_create_reseller: 0, created_at: 0, updated_at: 0 });
      await conn.insertInto('sessions').values({ user_id: userId, token_hash: 'ab12', mode: 'regular', created_at: 0, last_seen_at: 0, expires_at: 9_000_000_000_000 }).execute();
      // One key a run, as an idle shop asks: priced at one key, a custom plan always looked
      // cheaper than the generic one, so PostgreSQL made a new plan on every run.
      for (let run = 0; run < 8; run++) expect((await findActiveByTokenHash(conn, 'ab12', 1))?.user_id).toBe(userId);
      expect(await findActiveByTokenHash(conn, 'cd34', 1)).toBeUndefined();
      const plans = await sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans from pg_prepared_statements where statement like '%from "sessions" inner join "users"%'`.execute(conn);
      expect(plans.rows).toHaveLength(1);
      expect(Number(plans.rows[0]!.custom_plans)).toBe(5);
      expect(Number(plans.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(4);
    });
  });

  it('replaces a pooled connection once its lifetime is over, and its statements are prepared again on the new one', async () => {
    db = createDatabase({ databaseUrl: await freshPostgres('lifetime'), dataDir: mkdtempSync(join(tmpdir(), 'simshop-plan-')), connectionLifetimeSeconds: 1 });
    // A named statement (it has a value): prepared on each connection that runs it.
    const backend = async (on: Database) => (await sql<{ pid: number; one: number }>`select pg_backend_pid() as pid, cast(${1} as integer) as one`.execute(on)).rows[0]!;
    const first = await backend(db);
    expect((await backend(db)).pid).toBe(first.pid);
    await new Promise((done) => setTimeout(done, 1500));
    const after = await backend(db);
    expect(after).toEqual({ pid: expect.any(Number), one: 1 });
    expect(after.pid).not.toBe(first.pid);
  });
});
