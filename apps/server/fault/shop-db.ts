import { Role, UserType } from '@simshop/contract';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createSession } from '../src/modules/sessions/session.service.ts';

/**
 * The fault tests' own connection to a running shop's database (as the admin command line
 * has): to read what the processes wrote and to make a signed-in customer without the sign-in
 * flow (its proof of work and codes are tested elsewhere).
 */
export function shopDatabase(env: NodeJS.ProcessEnv): Database {
  return createDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: loadConfig(env).dataDir });
}

/** A reseller by default: balances, which pay without a payment page, are theirs. */
export async function customerSession(db: Database, env: NodeJS.ProcessEnv, email: string, role: Role = Role.reseller): Promise<string> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({ role, user_type: UserType.email, nickname: email.split('@')[0]!, name: '', email, status: 'active', can_create_reseller: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return createSession(db, loadConfig(env), row.id, role === Role.normal ? 'regular' : 'reseller');
}

/** Every job due before `before` (or every job) is done; a failed try waits for its retry: not done. */
export async function outboxIdle(db: Database, before?: number): Promise<boolean> {
  let open = db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('done_at', 'is', null);
  if (before !== undefined) open = open.where('run_after', '<', before);
  return Number((await open.executeTakeFirstOrThrow()).n) === 0;
}

export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000, every = 200): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
