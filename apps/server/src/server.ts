/*
 * `npm start` runs this bundle as `node --max-old-space-size=512 dist/server.mjs` (apps/server's
 * start script). Not for the cap itself, about ten times the ~45 MB the heap keeps after a full
 * GC under load: V8 lets the old space grow to up to 4x what survived the last full GC when the
 * cap is large (this machine's default is 4 GB), and under checkout load it did (46 -> 195 MB,
 * RSS 307-330 MB). A 512 MB cap makes that factor about 1.4 (old space at most ~70 MB, RSS
 * ~195 MB) for the same CPU per order (docs/decisions.md; the soak in bench/results/server-load.md).
 */
import { loadConfig } from './config.ts';

// Tracing first, when asked for: its module hooks must be in place before fastify, pg and
// node:http are imported, so the app is imported after it. Without OTEL_EXPORTER_OTLP_ENDPOINT no
// part of OpenTelemetry's SDK is loaded (telemetry/tracing.ts).
const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import('./telemetry/tracing.ts') : undefined;
const { buildApp } = await import('./app.ts');

const config = loadConfig();
const { app, shutdown, flushLog } = await buildApp({ config });

let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  // The last resort: whatever still hangs after the grace period and a margin ends with the process.
  setTimeout(() => {
    app.log.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, config.readinessDrainMs + config.shutdownGraceMs + 5_000).unref();
  try {
    await shutdown();
    await tracing?.stopTracing();
    await flushLog();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    await flushLog();
    process.exit(1);
  }
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`simshop is serving http://localhost:${config.port}/uni/ (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
