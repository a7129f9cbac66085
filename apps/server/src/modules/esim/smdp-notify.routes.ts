import { timingSafeEqual } from 'node:crypto';
import { isEid } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import { DEV_SMDP_NOTIFY_TOKEN, type Config } from '../../config.ts';
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

/**
 * The route exists only when an SM-DP+ reports to us: a configured one (SMDP_URL) or the
 * built-in simulator (never in production). Without one, nobody has a reason to call it, and a
 * forged "installed" must not find an open door. poolAddresses: the SM-DP+ addresses of pool
 * profiles this SM-DP+ also serves, whose progress it reports too.
 */
export function registerSmdpNotifications(app: FastifyInstance, deps: { db: Database; config: Config; poolAddresses?: readonly string[] }): void {
  const { smdp, env } = deps.config;
  if (!smdp.url && !smdp.simulator) return;
  // config.ts already refuses to start so; this holds even if that check is ever loosened.
  const tokenUsable = !(env === 'production' && smdp.notifyToken === DEV_SMDP_NOTIFY_TOKEN);
  app.post(SMDP_NOTIFY_PATH, async (request, reply) => {
    if (!tokenUsable || !sameToken(request.headers.authorization, smdp.notifyToken)) return reply.code(401).send({ header: failure('8.1', '1.1', 'unknown caller') });
    const input = handleDownloadProgressInfoRequest.safeParse(request.body);
    if (!input.success) return reply.code(400).send({ header: failure('1.2', '2.1', 'invalid request') });
    // An EID is 32 digits with an ISO 7064 check (SGP.29); anything else is not a device's.
    if (input.data.eid !== undefined && !isEid(input.data.eid)) return reply.code(400).send({ header: failure('1.2', '2.1', 'invalid EID') });
    const outcome = await deps.db.transaction().execute((tx) => applyDownloadProgress(tx, input.data, Date.now(), deps.poolAddresses));
    if (outcome === 'unknown_profile') request.log.warn({ iccid: input.data.iccid }, 'download progress for a profile our SM-DP+ did not issue');
    return reply.send({ header: success });
  });
}
