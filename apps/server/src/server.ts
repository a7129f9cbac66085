import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const { app, shutdown } = await buildApp({ config });

let closing = false;
const close = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  // The last resort: whatever still hangs after the grace period and a margin ends with the process.
  setTimeout(() => {
    app.log.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 5_000).unref();
  try {
    await shutdown();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`simshop is serving http://localhost:${config.port}/uni/ (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
