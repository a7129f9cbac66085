import { API_BASE, DOWNLOAD_PATH, fail, SIGNATURE_HEADERS, serverErrors } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rawQuery, verifySignature } from '../../http/dispatch.ts';
import { resolveSession } from '../sessions/session.service.ts';
import { resolveDownload } from './files.service.ts';

/**
 * GET /fetch/mall/v2/download?file=<token> (SPEC §7): signed like every call (over the query,
 * empty body), answered with the file or a bare HTTP status the client shows.
 */
export function registerFileRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  app.get(`${API_BASE}${DOWNLOAD_PATH}`, async (request, reply) => {
    const tokenHeader = request.headers[SIGNATURE_HEADERS.token];
    const sessionToken = typeof tokenHeader === 'string' ? tokenHeader : '';
    if (verifySignature(deps.config, request, { query: rawQuery(request.url), body: '', token: sessionToken }) !== 'ok') {
      return reply.code(400).send({ error: 'signature' });
    }
    const file = (request.query as Record<string, unknown>).file;
    if (typeof file !== 'string' || !file) return reply.code(400).send({ error: 'file' });
    const session = sessionToken ? await resolveSession(deps.db, deps.config, sessionToken) : null;
    const found = await resolveDownload(deps.db, deps.config, file, session?.userId ?? null);
    // A file that is gone says so in the catalogue's words (the client shows them), never with a path.
    if (!found.ok) return reply.code(found.httpStatus).send('missing' in found ? fail(serverErrors.fileMissing) : { error: 'download' });
    return reply
      .header('content-type', found.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.fileName)}`)
      .header('cache-control', 'private, no-store')
      .send(found.bytes);
  });
}
