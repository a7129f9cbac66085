import multipart from '@fastify/multipart';
import { ADMIN_MEDIA_UPLOAD_PATH, API_BASE, fail, MEDIA_ALT_MAX, MEDIA_MAX_BYTES, ok, roleCan, SIGNATURE_HEADERS, serverErrors } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rawQuery, verifySignature } from '../../http/dispatch.ts';
import { forgedConsoleRequest, staffCredential } from '../../http/staff-cookie.ts';
import { AppError } from '../../lib/app-error.ts';
import type { resolveStaffSession } from '../staff/staff.service.ts';
import { mediaSize } from './media-sizes.service.ts';
import { mediaInvalid, uploadMedia } from './media.service.ts';

/** A year: every size's address carries the picture's hash, so its answer never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The media library over plain HTTP: the console's multipart upload (signed over query, token and
 * timestamp, not the body, like product images; a staff session with `content.write`; audited)
 * and the sizes the shop draws, `GET /media/<key>/<width>.<format>[?ratio=a:b]`. The staff
 * session check is handed in by app.ts: the staff module sits above this one.
 */
export function registerMediaHttpRoutes(app: FastifyInstance, deps: { db: Database; config: Config; resolveStaffSession: typeof resolveStaffSession }): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: MEDIA_MAX_BYTES, fields: 4, fieldSize: MEDIA_ALT_MAX * 4 } });

    scope.post(`${API_BASE}${ADMIN_MEDIA_UPLOAD_PATH}`, async (request, reply) => {
      const send = (body: unknown, code = 200) => reply.code(code).header('cache-control', 'no-store').send(body);
      const token = typeof request.headers[SIGNATURE_HEADERS.token] === 'string' ? (request.headers[SIGNATURE_HEADERS.token] as string) : '';
      if (verifySignature(deps.config, request, { query: rawQuery(request.url), body: '', token }) !== 'ok') return send(fail(serverErrors.signatureInvalid));
      const now = Date.now();
      const credential = staffCredential(request, token);
      if (forgedConsoleRequest(request, credential)) return send(fail(serverErrors.consoleHeaderMissing));
      const staff = credential ? await deps.resolveStaffSession(deps.db, credential.token, now) : null;
      if (!staff) return send(fail(credential ? serverErrors.sessionExpired : serverErrors.unauthenticated), 401);
      // The library is the shop's own: a merchant's staff and a member still on a one-time password may not add to it.
      if (!roleCan(staff.role, 'content.write') || staff.merchantId !== null || staff.mustChangePassword) return send(fail(serverErrors.permissionDenied));
      if (!request.isMultipart()) return send(fail(serverErrors.paramMissing, 'file'));

      // Fields may come before or after the file; the file is read whole (bounded by fileSize).
      const alt = { en: '', zh: '' };
      let upload: { bytes: Buffer; fileName: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || upload) return send(fail(serverErrors.paramInvalid, part.fieldname));
            const bytes = await part.toBuffer();
            if (part.file.truncated) return send(failOf(mediaInvalid()));
            upload = { bytes, fileName: part.filename };
          } else if (part.fieldname === 'altEn' || part.fieldname === 'altZh') {
            const text = String(part.value).trim();
            if (text.length > MEDIA_ALT_MAX || part.valueTruncated) return send(fail(serverErrors.paramInvalid, part.fieldname));
            alt[part.fieldname === 'altEn' ? 'en' : 'zh'] = text;
          }
        }
      } catch (err) {
        // @fastify/multipart throws when the file passes fileSize while being read.
        if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') return send(failOf(mediaInvalid()));
        throw err;
      }
      if (!upload) return send(fail(serverErrors.paramMissing, 'file'));
      try {
        const actor = { staffId: staff.staffId, label: staff.email, ip: request.ip, written: 0 };
        return send(ok(await uploadMedia(deps.db, deps.config, actor, { ...upload, alt }, now)));
      } catch (err) {
        if (err instanceof AppError) return send(failOf(err));
        throw err;
      }
    });
  });

  app.get<{ Params: { key: string; file: string }; Querystring: { ratio?: string } }>('/media/:key/:file', async (request, reply) => {
    const ratio = typeof request.query.ratio === 'string' ? request.query.ratio : undefined;
    const found = await mediaSize(deps.db, deps.config, request.params.key, request.params.file, ratio);
    if (!found) return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    reply.header('cache-control', IMMUTABLE).header('etag', found.etag).header('content-security-policy', "default-src 'none'").header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type(found.contentType).send(found.bytes);
  });
}

const failOf = (err: AppError) => fail(err.def, err.field, err.data);
