import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { failure, handleDownloadProgressInfoRequest, success } from '../../providers/es2plus-protocol.ts';
import { applyDownloadProgress } from './esim.service.ts';

/** Where the SM-DP+ reports download progress (ES2+ HandleDownloadProgressInfo). */
export const SMDP_NOTIFY_PATH = '/fetch/smdp/es2plus/handleDownloadProgressInfo';

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${expected}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerSmdpNotifications(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  app.post(SMDP_NOTIFY_PATH, async (request, reply) => {
    if (!sameToken(request.headers.authorization, deps.config.smdp.notifyToken)) return reply.code(401).send({ header: failure('8.1', '1.1', 'unknown caller') });
    const input = handleDownloadProgressInfoRequest.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ header: failure('1.2', '2.1', 'invalid request') });
    const outcome = await deps.db.transaction().execute((tx) => applyDownloadProgress(tx, input.data, Date.now()));
    if (outcome === 'unknown_profile') request.log.warn({ iccid: input.data.iccid }, 'download progress for a profile the shop does not know');
    return reply.send({ header: success });
  });
}
