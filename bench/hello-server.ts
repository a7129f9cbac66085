import Fastify from 'fastify';

/**
 * The yardstick: a bare Fastify hello world in its own process. Every server figure is also
 * reported as a ratio to this server measured in the same run, so the figures compare across
 * machines and across noisy runs.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
