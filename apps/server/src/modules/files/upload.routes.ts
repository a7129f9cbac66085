import multipart from '@fastify/multipart';
import { ACCOUNT_LIMITS, ADMIN_PRODUCT_IMAGE_PATH, api, API_BASE, fail, ok, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, roleCan, SIGNATURE_HEADERS, serverErrors } from '@simshop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { rawQuery, verifySignature } from '../../http/dispatch.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforce, LIMITS } from '../security/rate-limit.service.ts';
import { resolveSession } from '../sessions/session.service.ts';
import type { resolveStaffSession } from '../staff/staff.service.ts';
import { forgedConsoleRequest, staffCredential } from '../../http/staff-cookie.ts';
import { AVATAR_FOLDER, avatarUrl, findPublicAvatar, findPublicProductImage, findPublicReviewPicture, PRODUCT_IMAGE_FOLDER, productImageEntry, REVIEW_PICTURE_FOLDER, reviewPictureUrl, sniffImageType, storeFile } from './files.service.ts';

/** What each upload.do action stores: its folder, its per-user daily quota and its public address. */
const USER_UPLOADS = {
  avatar: { folder: AVATAR_FOLDER, limit: LIMITS.avatarUploadsPerUser, url: avatarUrl, fileName: 'avatar' },
  review_picture: { folder: REVIEW_PICTURE_FOLDER, limit: LIMITS.reviewPictureUploadsPerUser, url: reviewPictureUrl, fileName: 'picture' },
} satisfies Record<keyof typeof api.upload.actions, unknown>;

/**
 * upload.do (SPEC §7): multipart, so the signature covers the query, token and timestamp but
 * not the body. Avatars are public at /media/avatars/<id>, review pictures at /media/reviews/<id>. Staff upload product images the same
 * way (their own route, a staff session with `catalogue.write`, audited); those are public
 * below the static host at /static/products/<id>. The staff session check is handed in by app.ts:
 * the staff module sits above files.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: { db: Database; config: Config; resolveStaffSession: typeof resolveStaffSession }): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: ACCOUNT_LIMITS.avatarMaxBytes, fields: 5 } });

    scope.post(`${API_BASE}${api.upload.path}`, async (request, reply) => {
      const send = (body: unknown, code = 200) => reply.code(code).header('cache-control', 'no-store').send(body);
      const token = typeof request.headers[SIGNATURE_HEADERS.token] === 'string' ? (request.headers[SIGNATURE_HEADERS.token] as string) : '';
      if (verifySignature(deps.config, request, { query: rawQuery(request.url), body: '', token }) !== 'ok') return send(fail(serverErrors.signatureInvalid));
      const action = (request.query as Record<string, unknown>).action;
      const kind = typeof action === 'string' && Object.hasOwn(USER_UPLOADS, action) ? USER_UPLOADS[action as keyof typeof USER_UPLOADS] : null;
      if (!kind) return send(fail(serverErrors.actionInvalid, 'action'));
      const session = token ? await resolveSession(deps.db, deps.config, token) : null;
      if (!session) return send(fail(token ? serverErrors.sessionExpired : serverErrors.unauthenticated), 401);
      if (!request.isMultipart()) return send(fail(serverErrors.paramMissing, 'file'));

      const part = await request.file();
      if (!part || part.fieldname !== 'file') return send(fail(serverErrors.paramMissing, 'file'));
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) return send(fail(serverErrors.paramInvalid, 'file', { maxBytes: ACCOUNT_LIMITS.avatarMaxBytes }));
      const contentType = sniffImageType(bytes);
      if (!contentType) return send(fail(serverErrors.paramInvalid, 'file'));
      // A per-user quota of stored files a day, per kind, bounds what one account can make us keep.
      try {
        await enforce(deps.db, Date.now(), kind.limit(session.userId));
      } catch (err) {
        if (err instanceof AppError) return send(fail(err.def, err.field, err.data));
        throw err;
      }
      const fileId = await storeFile(deps.db, deps.config, { ownerUserId: session.userId, fileName: part.filename || kind.fileName, contentType, bytes, folder: kind.folder });
      return send(ok({ fileId, url: kind.url(fileId) }));
    });
  });

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: PRODUCT_IMAGE_MAX_BYTES, fields: 5 } });

    scope.post(`${API_BASE}${ADMIN_PRODUCT_IMAGE_PATH}`, async (request, reply) => {
      const send = (body: unknown, code = 200) => reply.code(code).header('cache-control', 'no-store').send(body);
      const token = typeof request.headers[SIGNATURE_HEADERS.token] === 'string' ? (request.headers[SIGNATURE_HEADERS.token] as string) : '';
      if (verifySignature(deps.config, request, { query: rawQuery(request.url), body: '', token }) !== 'ok') return send(fail(serverErrors.signatureInvalid));
      const now = Date.now();
      // The console sends its session cookie (http/staff-cookie.ts); API clients the token header.
      const credential = staffCredential(request, token);
      if (forgedConsoleRequest(request, credential)) return send(fail(serverErrors.consoleHeaderMissing));
      const staff = credential ? await deps.resolveStaffSession(deps.db, credential.token, now) : null;
      if (!staff) return send(fail(credential ? serverErrors.sessionExpired : serverErrors.unauthenticated), 401);
      if (!roleCan(staff.role, 'catalogue.write')) return send(fail(serverErrors.permissionDenied));
      if (!request.isMultipart()) return send(fail(serverErrors.paramMissing, 'file'));

      const part = await request.file();
      if (!part || part.fieldname !== 'file') return send(fail(serverErrors.paramMissing, 'file'));
      const refused = fail(serverErrors.imageInvalid, 'file', { maxMb: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 });
      const bytes = await part.toBuffer().catch(() => null);
      if (!bytes || part.file.truncated) return send(refused);
      const contentType = sniffImageType(bytes);
      if (!contentType || !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(contentType)) return send(refused);
      const actor = { staffId: staff.staffId, label: staff.email, ip: request.ip, written: 0 };
      const fileId = await deps.db.transaction().execute(async (tx) => {
        const id = await storeFile(tx, deps.config, { ownerUserId: null, fileName: part.filename || 'image', contentType, bytes, folder: PRODUCT_IMAGE_FOLDER }, now);
        await recordAudit(tx, actor, { action: 'product.image_upload', targetType: 'file', targetId: id, after: { fileName: part.filename, contentType, size: bytes.length } }, now);
        return id;
      });
      return send(ok({ fileId, image: productImageEntry(fileId), url: `${deps.config.staticHost.replace(/\/+$/, '')}/${productImageEntry(fileId)}` }));
    });
  });

  const servePublic = (find: typeof findPublicAvatar) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const found = /^[0-9a-f-]{36}$/.test(request.params.id) ? await find(deps.db, deps.config, request.params.id) : null;
    if (!found) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(found.contentType)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(found.bytes);
  };
  app.get<{ Params: { id: string } }>('/media/avatars/:id', servePublic(findPublicAvatar));
  app.get<{ Params: { id: string } }>('/media/reviews/:id', servePublic(findPublicReviewPicture));
  app.get<{ Params: { id: string } }>(`/static/${PRODUCT_IMAGE_FOLDER}/:id`, servePublic(findPublicProductImage));
}
