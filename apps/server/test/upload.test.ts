import { api, API_BASE, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(fileName: string, bytes: Buffer, field = 'file') {
  const boundary = '----simshop-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { boundary, payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

async function upload(bytes: Buffer, options: { token?: string; signed?: boolean; field?: string; action?: string } = {}) {
  const query = `action=${options.action ?? 'avatar'}`;
  const { boundary, payload } = multipart('me.png', bytes, options.field);
  // The multipart body is not signed (SPEC §7): the signature covers query, token and timestamp.
  const headers = options.signed === false ? {} : signRequest(t.config.signing, { query, body: '', token: options.token });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${api.upload.path}?${query}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return { http: res.statusCode, body: res.json() };
}

describe('upload.do avatar', () => {
  it('stores an image and serves it publicly; the profile then shows it', async () => {
    const { token } = await t.signIn();
    const res = await upload(PNG, { token });
    expect(res.body).toMatchObject({ code: 0, data: { url: expect.stringMatching(/^\/media\/avatars\/[0-9a-f-]{36}$/) } });
    const image = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const updated = await t.call('user', 'update', { avatarFileId: res.body.data.fileId }, { token });
    expect(updated.body.data.avatar).toBe(res.body.data.url);
  });

  it("refuses another user's upload as an avatar", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const res = await upload(PNG, { token: a.token });
    const steal = await t.call('user', 'update', { avatarFileId: res.body.data.fileId }, { token: b.token });
    expect(steal.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'avatarFileId' });
  });

  it('refuses what is not an image, a file that is too large, and a wrong field', async () => {
    const { token } = await t.signIn();
    expect((await upload(Buffer.from('<script>alert(1)</script>'), { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'file' });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(big, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'file' });
    expect((await upload(PNG, { token, field: 'other' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'file' });
    expect((await upload(PNG, { token, action: 'banner' })).body).toMatchObject({ code: serverErrors.actionInvalid.code });
  });

  it('needs a signature and a session', async () => {
    const { token } = await t.signIn();
    expect((await upload(PNG, { token, signed: false })).body.code).toBe(serverErrors.signatureInvalid.code);
    const anonymous = await upload(PNG);
    expect(anonymous.http).toBe(401);
    expect(anonymous.body.i18n).toBe('res.unauthenticated');
  });

  it('serves only avatars publicly', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/..%2F..%2Fsimshop.sqlite' })).statusCode).toBe(404);
  });
});
