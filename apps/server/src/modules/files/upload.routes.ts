import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { ACCOUNT_LIMITS, api, API_BASE, fail, ok, SIGNATURE_HEADERS, serverErrors } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rawQuery, verifySignature } from '../../http/dispatch.ts';
import { resolveSession } from '../sessions/session.service.ts';
import { AVATAR_FOLDER, avatarUrl, findPublicAvatar, sniffImageType, storeFile } from './files.service.ts';

/**
 * upload.do (SPEC §7): multipart, so the signature covers the query, token and timestamp but
 * not the body. Avatars are the one upload so far; they are public at /media/avatars/<id>.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: ACCOUNT_LIMITS.avatarMaxBytes, fields: 5 } });

    scope.post(`${API_BASE}${api.upload.path}`, async (request, reply) => {
      const send = (body: unknown, code = 200) => reply.code(code).header('cache-control', 'no-store').send(body);
      const token = typeof request.headers[SIGNATURE_HEADERS.token] === 'string' ? (request.headers[SIGNATURE_HEADERS.token] as string) : '';
      if (verifySignature(deps.config, request, { query: rawQuery(request.url), body: '', token }) !== 'ok') return send(fail(serverErrors.signatureInvalid));
      const action = (request.query as Record<string, unknown>).action;
      if (action !== 'avatar') return send(fail(serverErrors.actionInvalid, 'action'));
      const session = token ? await resolveSession(deps.db, deps.config, token) : null;
      if (!session) return send(fail(token ? serverErrors.sessionExpired : serverErrors.unauthenticated), 401);
      if (!request.isMultipart()) return send(fail(serverErrors.paramMissing, 'file'));

      const part = await request.file();
      if (!part || part.fieldname !== 'file') return send(fail(serverErrors.paramMissing, 'file'));
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) return send(fail(serverErrors.paramInvalid, 'file', { maxBytes: ACCOUNT_LIMITS.avatarMaxBytes }));
      const contentType = sniffImageType(bytes);
      if (!contentType) return send(fail(serverErrors.paramInvalid, 'file'));
      const fileId = await storeFile(deps.db, deps.config, { ownerUserId: session.userId, fileName: part.filename || 'avatar', contentType, bytes, folder: AVATAR_FOLDER });
      return send(ok({ fileId, url: avatarUrl(fileId) }));
    });
  });

  app.get<{ Params: { id: string } }>('/media/avatars/:id', async (request, reply) => {
    const found = /^[0-9a-f-]{36}$/.test(request.params.id) ? await findPublicAvatar(deps.db, deps.config, request.params.id) : null;
    if (!found) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(found.contentType)
      .header('content-length', String(found.size))
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(createReadStream(found.absolutePath));
  });
}
