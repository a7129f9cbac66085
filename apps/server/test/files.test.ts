import { API_BASE, DOWNLOAD_PATH, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { issueDownloadToken, storeFile } from '../src/modules/files/files.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

async function download(fileToken: string, sessionToken?: string, signAt = Date.now()) {
  const query = `file=${encodeURIComponent(fileToken)}`;
  const headers = signRequest(t.config.signing, { query, body: '', token: sessionToken }, signAt);
  return t.app.inject({ method: 'GET', url: `${API_BASE}${DOWNLOAD_PATH}?${query}`, headers });
}

describe('GET download', () => {
  it('serves the owner their file with its name', async () => {
    const owner = await t.signIn();
    const id = await storeFile(t.db, t.config, { ownerUserId: owner.userId, fileName: 'codes 2026.csv', contentType: 'text/csv', bytes: 'code\nJT0000000001\n' });
    const res = await download(issueDownloadToken(t.config, id, owner.userId), owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('code\nJT0000000001\n');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''codes%202026.csv");
  });

  it('refuses another user and an anonymous caller for a user-bound token', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const id = await storeFile(t.db, t.config, { ownerUserId: owner.userId, fileName: 'a.txt', contentType: 'text/plain', bytes: 'secret' });
    const token = issueDownloadToken(t.config, id, owner.userId);
    expect((await download(token, other.token)).statusCode).toBe(403);
    expect((await download(token)).statusCode).toBe(403);
  });

  it('serves a public token to anyone', async () => {
    const id = await storeFile(t.db, t.config, { ownerUserId: null, fileName: 'guide.txt', contentType: 'text/plain', bytes: 'guide' });
    const res = await download(issueDownloadToken(t.config, id, null));
    expect(res.statusCode).toBe(200);
  });

  it('refuses an expired token with 410', async () => {
    const id = await storeFile(t.db, t.config, { ownerUserId: null, fileName: 'old.txt', contentType: 'text/plain', bytes: 'x' });
    const token = issueDownloadToken(t.config, id, null, Date.now() - 3_600_000, 60_000);
    expect((await download(token)).statusCode).toBe(410);
  });

  it('refuses a tampered or foreign token with 400 and an unknown file with 404', async () => {
    const id = await storeFile(t.db, t.config, { ownerUserId: null, fileName: 'x.txt', contentType: 'text/plain', bytes: 'x' });
    const token = issueDownloadToken(t.config, id, null);
    const flipped = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await download(flipped)).statusCode).toBe(400);
    expect((await download('not-a-token')).statusCode).toBe(400);
    expect((await download(issueDownloadToken({ ...t.config, fileTokenSecret: 'another-secret-of-length' }, id, null))).statusCode).toBe(400);
    expect((await download(issueDownloadToken(t.config, '00000000-0000-0000-0000-000000000000', null))).statusCode).toBe(404);
  });

  it('keeps the bytes in the database, and answers a file that is gone with the catalogue error, never a path', async () => {
    const owner = await t.signIn();
    const id = await storeFile(t.db, t.config, { ownerUserId: owner.userId, fileName: 'codes.csv', contentType: 'text/csv', bytes: 'code\n' });
    const stored = await t.db.selectFrom('file_contents').select('bytes').where('file_id', '=', id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.bytes).toString('utf8')).toBe('code\n');
    await t.db.deleteFrom('file_contents').where('file_id', '=', id).execute();
    const res = await download(issueDownloadToken(t.config, id, owner.userId), owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: serverErrors.fileMissing.code, i18n: serverErrors.fileMissing.i18n });
    expect(res.body).not.toContain(t.config.dataDir);
  });

  it('refuses an unsigned or stale download request', async () => {
    const id = await storeFile(t.db, t.config, { ownerUserId: null, fileName: 'x.txt', contentType: 'text/plain', bytes: 'x' });
    const token = issueDownloadToken(t.config, id, null);
    const unsigned = await t.app.inject({ method: 'GET', url: `${API_BASE}${DOWNLOAD_PATH}?file=${token}` });
    expect(unsigned.statusCode).toBe(400);
    expect((await download(token, undefined, Date.now() - 600_000)).statusCode).toBe(400);
  });
});
