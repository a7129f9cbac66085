import { api, API_BASE, computeSignature, serverErrors, signRequest, type EndpointName, fullApi, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { allHandlers } from '../src/handlers.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const url = `${API_BASE}${api.jsonContent.path}?action=get_cache`;
const body = JSON.stringify({ name: 'home', version: '1', i18n: 'en' });

describe('the wire protocol', () => {
  it('answers a signed call with the success envelope', async () => {
    const res = await t.call('jsonContent', 'get_cache', { name: 'home', version: '1', i18n: 'en' });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 200, code: 0, msg: 'ok' });
  });

  it('refuses an unsigned call with the catalogue error', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 400, code: serverErrors.signatureInvalid.code, i18n: 'res.signature.invalid', data: { reason: 'missing' } });
  });

  it('refuses a stale timestamp, older or newer than 300 s', async () => {
    for (const skew of [-301_000, 301_000]) {
      const headers = signRequest(t.config.signing, { query: 'action=get_cache', body }, Date.now() + skew);
      const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
      expect(res.json()).toMatchObject({ i18n: 'res.signature.invalid', data: { reason: 'stale' } });
    }
  });

  it('accepts a timestamp inside the tolerance', async () => {
    const headers = signRequest(t.config.signing, { query: 'action=get_cache', body }, Date.now() - 250_000);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
    expect(res.json()).toMatchObject({ status: 200, code: 0 });
  });

  it('refuses a body altered after signing', async () => {
    const headers = signRequest(t.config.signing, { query: 'action=get_cache', body });
    const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: body.replace('en', 'fr') });
    expect(res.json()).toMatchObject({ i18n: 'res.signature.invalid', data: { reason: 'mismatch' } });
  });

  it('refuses a changed action, a wrong secret and an unknown certificate', async () => {
    const good = signRequest(t.config.signing, { query: 'action=get_cache', body });
    const otherAction = await t.app.inject({ method: 'POST', url: url.replace('get_cache', 'other'), headers: { ...good, 'content-type': 'application/json' }, payload: body });
    expect(otherAction.json()).toMatchObject({ i18n: 'res.signature.invalid' });
    const wrongSecret = signRequest({ certificate: t.config.signing.certificate, secret: 'not-the-secret-at-all' }, { query: 'action=get_cache', body });
    expect((await t.app.inject({ method: 'POST', url, headers: wrongSecret, payload: body })).json()).toMatchObject({ i18n: 'res.signature.invalid' });
    const otherCert = { ...good, certificate: 'someone-else' };
    expect((await t.app.inject({ method: 'POST', url, headers: otherCert, payload: body })).json()).toMatchObject({ i18n: 'res.signature.invalid' });
  });

  it('signs the token too: a token added after signing is refused', async () => {
    const { token } = await t.signIn();
    const headers = signRequest(t.config.signing, { query: 'action=info', body: '{}' });
    const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${api.user.path}?action=info`, headers: { ...headers, token }, payload: '{}' });
    expect(res.json()).toMatchObject({ i18n: 'res.signature.invalid' });
  });

  it('answers an unknown path with HTTP 404 and an unknown action with "invalid action"', async () => {
    const headers = signRequest(t.config.signing, { query: 'action=get_cache', body });
    const unknownPath = await t.app.inject({ method: 'POST', url: `${API_BASE}/v3/nothing.do?action=get_cache`, headers, payload: body });
    expect(unknownPath.statusCode).toBe(404);
    const res = await t.call('jsonContent', 'nope' as 'get_cache', {});
    expect(res.body).toMatchObject({ code: serverErrors.actionInvalid.code, i18n: 'res.action.invalid', field: 'action' });
    const declaredButUnbuilt = await t.call('order' as EndpointName as 'jsonContent', 'get_cache', {});
    expect(declaredButUnbuilt.body).toMatchObject({ i18n: 'res.action.invalid' });
  });

  it('answers malformed JSON with "invalid parameter", never a 500', async () => {
    const bad = '{"name": ';
    const headers = signRequest(t.config.signing, { query: 'action=get_cache', body: bad });
    const res = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: bad });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'body' });
  });

  it('accepts a body sent without a content type', async () => {
    const headers = signRequest(t.config.signing, { query: 'action=get_cache', body });
    const res = await t.app.inject({ method: 'POST', url, headers, payload: body });
    expect(res.json()).toMatchObject({ status: 200 });
  });

  it('has exactly one handler for every action the contract declares', () => {
    // Multipart endpoints (upload.do) have a route of their own instead of a dispatcher handler.
    const declared = Object.entries(fullApi)
      .filter(([, e]) => !('unsignedBody' in e && e.unsignedBody))
      .flatMap(([name, e]) => Object.keys(e.actions).map((a) => `${name}:${a}`))
      .sort();
    const handled = allHandlers.map((h) => `${h.endpoint}:${h.action}`).sort();
    expect(handled).toEqual(declared);
  });

  it('runs on the engine the suite was started for', async () => {
    // Asked of the database itself, not of the harness: a suite meant for PostgreSQL that
    // silently ran on SQLite would pass every other test.
    const { sql } = await import('kysely');
    const wantPostgres = !!process.env.DATABASE_URL;
    const probe = wantPostgres ? sql<{ v: string }>`select version() as v` : sql<{ v: string }>`select sqlite_version() as v`;
    const row = (await probe.execute(t.db)).rows[0];
    expect(row?.v).toMatch(wantPostgres ? /PostgreSQL/ : /^3\./);
  });

  it('computes the documented signature', () => {
    // Pinned so a client in another language can check its implementation against it.
    // The value is node's HMAC-SHA256 of "action=list\n{"page":1}\ntok\n1700000000000".
    expect(computeSignature('secret-secret-secret', { query: 'action=list', body: '{"page":1}', token: 'tok', timestamp: '1700000000000' })).toBe('006efb53abb3d0e47d60102a493fff8c87a93140fa97ccdbfcd8f77a4927df72');
  });
});

describe('sessions', () => {
  it('answers a protected action without a token with HTTP 401 "unauthenticated"', async () => {
    const res = await t.call('user', 'info', {});
    expect(res.http).toBe(401);
    expect(res.body).toMatchObject({ status: 401, i18n: 'res.unauthenticated' });
  });

  it('answers an unknown or revoked token with HTTP 401 "login expired"', async () => {
    const res = await t.call('user', 'info', {}, { token: 'x'.repeat(43) });
    expect(res.http).toBe(401);
    expect(res.body).toMatchObject({ status: 401, i18n: 'login.expired.content' });
    const { token, userId } = await t.signIn();
    await t.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('user_id', '=', userId).execute();
    expect((await t.call('user', 'info', {}, { token })).http).toBe(401);
  });

  it('expires a session idle for longer than the idle limit, and one past its absolute end', async () => {
    const idle = await t.signIn();
    await t.db.updateTable('sessions').set({ last_seen_at: Date.now() - t.config.session.idleMs - 1000 }).where('user_id', '=', idle.userId).execute();
    expect((await t.call('user', 'info', {}, { token: idle.token })).http).toBe(401);
    const old = await t.signIn();
    await t.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('user_id', '=', old.userId).execute();
    expect((await t.call('user', 'info', {}, { token: old.token })).http).toBe(401);
  });

  it('gives each user their own information only', async () => {
    const a = await t.signIn();
    const b = await t.signIn(Role.reseller);
    const resA = await t.call('user', 'info', {}, { token: a.token });
    const resB = await t.call('user', 'info', {}, { token: b.token });
    expect(resA.body.data).toMatchObject({ id: a.userId, role: Role.normal });
    expect(resB.body.data).toMatchObject({ id: b.userId, role: Role.reseller });
  });

  it('refuses extra fields on an action that takes none', async () => {
    const { token } = await t.signIn();
    const res = await t.call('user', 'info', { userId: 1 }, { token });
    expect(res.body).toMatchObject({ code: serverErrors.paramInvalid.code });
  });
});
