import Fastify from 'fastify';
import { registerSmdpSimulator } from '../src/smdp-simulator/simulator.ts';

/**
 * The SM-DP+ simulator as a process of its own, for the outage fault test: it is stopped and
 * started again on the same port. `GET /stats` counts the ES2+ calls this process answered.
 */
const app = Fastify();
const calls = { downloadOrder: 0, confirmOrder: 0 };
app.addHook('onRequest', async (request) => {
  if (request.url.endsWith('/downloadOrder')) calls.downloadOrder += 1;
  if (request.url.endsWith('/confirmOrder')) calls.confirmOrder += 1;
});
registerSmdpSimulator(app, {
  apiKey: process.env.SMDP_API_KEY ?? '',
  smdpAddress: 'smdp.fault.test',
  notifyUrl: () => process.env.NOTIFY_URL ?? 'http://127.0.0.1:9/',
  notifyToken: process.env.SMDP_NOTIFY_TOKEN ?? '',
});
app.get('/stats', async () => calls);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
