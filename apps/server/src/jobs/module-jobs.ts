import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Providers } from '../providers/index.ts';
import type { OutboxHandler, OutboxHandlers } from './outbox.ts';
import { Topic } from './topics.ts';

export interface JobDeps {
  config: Config;
  log: FastifyBaseLogger;
  db: Database;
  providers: Providers;
}

/**
 * A time-driven rule; it re-checks in its own transactions, so several processes may run it at
 * once. `providers`: the outside world it may ask (the carrier for usage); absent when a caller
 * runs only the database's rules, and a rule that needs them then waits for the next round.
 */
export type Sweep = (db: Database, now: number, providers?: Providers) => Promise<unknown>;

/**
 * What a module gives the worker: the handlers of the outbox topics it owns and its sweeps. The
 * worker sits below every module, so the modules hand these in (background-jobs.ts lists them)
 * instead of the worker importing them.
 */
export interface ModuleJobs {
  outbox?: (deps: JobDeps) => Partial<Record<Topic, OutboxHandler>>;
  sweeps?: readonly Sweep[];
  /**
   * Deletes what is spent and no longer needed since before `before` (expired sessions, codes, finished jobs); how many rows.
   * A batch at a time (db/batched-delete.ts), so the shop's writes go on between batches.
   */
  prune?: readonly Prune[];
}

export type Prune = (db: Database, before: number) => Promise<number>;

/** Every topic has exactly one handler, checked when the server is built rather than when a job comes. */
export function composeOutboxHandlers(deps: JobDeps, modules: readonly ModuleJobs[]): OutboxHandlers {
  const handlers: OutboxHandlers = {};
  for (const m of modules) {
    for (const [topic, handler] of Object.entries(m.outbox?.(deps) ?? {})) {
      if (handlers[topic]) throw new Error(`Two outbox handlers for ${topic}`);
      handlers[topic] = handler;
    }
  }
  const missing = Object.values(Topic).filter((topic) => !handlers[topic]);
  if (missing.length > 0) throw new Error(`No outbox handler for ${missing.join(', ')}`);
  return handlers;
}

/** The modules' sweeps one after another, in the order the modules are listed. */
export async function runSweeps(db: Database, modules: readonly ModuleJobs[], now: number, providers?: Providers): Promise<void> {
  for (const m of modules) for (const sweep of m.sweeps ?? []) await sweep(db, now, providers);
}

/** The modules' pruning of what ended before `before`; how many rows went. */
export async function runPrunes(db: Database, modules: readonly ModuleJobs[], before: number): Promise<number> {
  let removed = 0;
  for (const m of modules) for (const prune of m.prune ?? []) removed += await prune(db, before);
  return removed;
}
