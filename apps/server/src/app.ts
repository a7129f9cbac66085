import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '@simshop/contract';
import type { Config } from './config.ts';
import { createDatabase, migrateToLatest, type Database } from './db/database.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { allHandlers } from './handlers.ts';
import { registerDispatch } from './http/dispatch.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { buildOpenApi } from './openapi.ts';
import { registerWebApp } from './web/web-app.ts';

export interface BuildOptions {
  config: Config;
  /** An existing database (tests share one per file); otherwise one is opened from the config. */
  db?: Database;
  /** Migrate (and seed, when the config says so) before serving. */
  prepare?: boolean;
}

export interface App {
  app: FastifyInstance;
  db: Database;
}

/** Builds the server without listening: tests drive it with inject, server.ts listens. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const db = options.db ?? createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (options.prepare ?? true) {
    await migrateToLatest(db);
    if (config.seedDemo) await seedDemo(db);
  }

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });
  if (!options.db) app.addHook('onClose', async () => db.destroy());

  registerDispatch(app, { db, config, handlers: allHandlers });
  registerFileRoutes(app, { db, config });
  const openApi = buildOpenApi();
  app.get(`${API_BASE}/docs`, async () => openApi);
  app.get(`${API_BASE}/docs/openapi.json`, async () => openApi);
  app.register(fastifyStatic, { root: join(import.meta.dirname, '../static'), prefix: '/static/', decorateReply: false, maxAge: '1h' });
  registerWebApp(app, config);
  return { app, db };
}
