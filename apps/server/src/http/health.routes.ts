import { HEALTH_PATHS, type HealthResponse, type ReadinessProblem } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations, type Database } from '../db/database.ts';

/** How long the database may take to answer a readiness probe before it counts as unreachable. */
const DATABASE_PROBE_MS = 2_000;

/**
 * `/healthz` and `/readyz` (contract's HEALTH_PATHS), answered without a session: liveness is
 * the process answering at all; readiness is what a proxy should route by. `serving()` turns
 * false on the first signal of a shutdown, so traffic moves to the other processes before this
 * one closes.
 */
export function registerHealthRoutes(app: FastifyInstance, options: { db: Database; serving: () => boolean }): void {
  app.get(HEALTH_PATHS.live, async (): Promise<HealthResponse> => ({ status: 'ok', problems: [] }));
  app.get(HEALTH_PATHS.ready, async (_request, reply): Promise<HealthResponse> => {
    const problems: ReadinessProblem[] = [];
    if (!options.serving()) problems.push('shutting_down');
    else {
      try {
        await withDeadline(sql`select 1`.execute(options.db), DATABASE_PROBE_MS);
        if ((await pendingMigrations(options.db)).length > 0) problems.push('migrations_pending');
      } catch (err) {
        app.log.warn({ err }, 'readiness: the database did not answer');
        problems.push('database_unreachable');
      }
    }
    reply.header('cache-control', 'no-store');
    if (problems.length > 0) reply.code(503);
    return { status: problems.length > 0 ? 'unavailable' : 'ok', problems };
  });
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
