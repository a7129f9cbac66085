import Fastify from 'fastify';
import { registerSmdpSimulator } from '../src/smdp-simulator/simulator.ts';

/**
 * The SM-DP+ simulator as a process of its own, for the outage fault test: it is stopped and
 * started again on the same port. `GET /stats` counts the ES2+ calls this process answered.
 */
const app = Fastify();
const calls = { downloadOrder: 0, confirmOrder: 0 };
// Distinct DownloadOrder call identifiers: the profiles asked for (a retry repeats its identifier).
const downloads = new Set<string>();
// SMDP_DELAY_MS: a slow SM-DP+, so a shop process can be killed while it waits for an answer.
const delayMs = Number(process.env.SMDP_DELAY_MS ?? 0);
app.addHook('onRequest', async (request) => {
  if (request.url.endsWith('/downloadOrder')) calls.downloadOrder += 1;
  if (request.url.endsWith('/confirmOrder')) calls.confirmOrder += 1;
  if (delayMs > 0 && request.url !== '/stats' && request.url !== '/downloads') await new Promise((r) => setTimeout(r, delayMs));
});
app.addHook('preHandler', async (request) => {
  const id = (request.body as { header?: { functionCallIdentifier?: unknown } } | undefined)?.header?.functionCallIdentifier;
  if (request.url.endsWith('/downloadOrder') && typeof id === 'string') downloads.add(id);
});
registerSmdpSimulator(app, {
  apiKey: process.env.SMDP_API_KEY ?? '',
  smdpAddress: 'smdp.fault.test',
  notifyUrl: () => process.env.NOTIFY_URL ?? 'http://127.0.0.1:9/',
  notifyToken: process.env.SMDP_NOTIFY_TOKEN ?? '',
});
app.get('/stats', async () => calls);
app.get('/downloads', async () => ({ distinct: downloads.size }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
