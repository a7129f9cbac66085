import { API_KEYS_MAX, Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { ipAllowed } from '../src/modules/api-keys/api-keys.service.ts';
import { createTestApp, useTestApp } from './harness.ts';

/** Mine → API: a reseller's keys, made, listed, rotated and revoked through the shop's contract actions. */
const t = useTestApp();

const create = (token: string, input: Record<string, unknown> = {}) => t.call('apiKey', 'create', { name: 'ERP', scopes: ['read', 'order'], ...input }, { token });
const balance = (secret: string, ip?: string) => t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Bearer ${secret}` }, ...(ip ? { remoteAddress: ip } : {}) });
const eventsOf = (userId: number) => t.db.selectFrom('security_events').select(['kind', 'detail']).where('account', '=', `user #${userId}`).orderBy('id').execute();

describe('apiKey.do', () => {
  it('makes a key whose secret is shown once and stored only as its hash, with a visible prefix', async () => {
    const r = await t.signIn(Role.reseller);
    const made = await create(r.token, { name: ' Warehouse ', ipAllowList: ['203.0.113.0/24', '2001:db8::1'] });
    expect(made.body.code).toBe(0);
    const { key, secret } = made.body.data;
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Warehouse', mode: 'live', scopes: ['read', 'order'], ipAllowList: ['203.0.113.0/24', '2001:db8::1'], lastUsedAt: null, revokedAt: null });
    expect(key.prefix).toBe(secret.slice(0, 14));
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(14));
    // The list never carries a secret again.
    const list = await t.call('apiKey', 'list', {}, { token: r.token });
    expect(list.body.data).toEqual({ items: [key], max: API_KEYS_MAX });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((await create(r.token, { mode: 'test' })).body.data.secret).toMatch(/^sk_test_/);
    expect(await eventsOf(r.userId)).toEqual([
      { kind: 'api_key_created', detail: expect.stringContaining(`key #${key.id} ${key.prefix}`) },
      { kind: 'api_key_created', detail: expect.stringContaining('"ERP"') },
    ]);
  });

  it('refuses customers, bad scopes and addresses, and more than the most keys an account may hold', async () => {
    const customer = await t.signIn();
    expect((await create(customer.token)).body.code).toBe(serverErrors.permissionDenied.code);
    const regularMode = await t.signIn(Role.reseller, 'regular');
    expect((await create(regularMode.token)).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('apiKey', 'list', {})).http).toBe(401);
    const r = await t.signIn(Role.reseller);
    for (const bad of [{ scopes: [] }, { scopes: ['admin'] }, { ipAllowList: ['10.0.0.300'] }, { ipAllowList: ['10.0.0.0/33'] }, { name: '' }]) {
      expect((await create(r.token, bad)).body.code, JSON.stringify(bad)).toBe(serverErrors.paramInvalid.code);
    }
    expect(await t.db.selectFrom('api_keys').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
    const made = [];
    for (let i = 0; i < API_KEYS_MAX; i++) made.push((await create(r.token, { name: `k${i}` })).body.data.key);
    const over = await create(r.token);
    expect(over.body.code).toBe(serverErrors.apiKeysMax.code);
    expect(over.body.data).toEqual({ max: API_KEYS_MAX });
    // A revoked key makes room for another.
    await t.call('apiKey', 'revoke', { id: made[0]!.id }, { token: r.token });
    expect((await create(r.token)).body.code).toBe(0);
  });

  it('rotates a key: the new secret works, the old one stops at once', async () => {
    const r = await t.signIn(Role.reseller);
    const { key, secret } = (await create(r.token)).body.data;
    expect((await balance(secret)).statusCode).toBe(200);
    const rotated = await t.call('apiKey', 'rotate', { id: key.id }, { token: r.token });
    expect(rotated.body.code).toBe(0);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.key).toMatchObject({ id: key.id, name: key.name, scopes: key.scopes });
    expect((await balance(secret)).json()).toMatchObject({ code: serverErrors.apiKeyInvalid.code, status: 401 });
    expect((await balance(rotated.body.data.secret)).statusCode).toBe(200);
    expect((await eventsOf(r.userId)).map((e) => e.kind)).toEqual(['api_key_created', 'api_key_rotated']);
  });

  it('revokes a key for good; another reseller cannot touch it', async () => {
    const r = await t.signIn(Role.reseller);
    const other = await t.signIn(Role.reseller);
    const { key, secret } = (await create(r.token)).body.data;
    for (const action of ['rotate', 'revoke'] as const) expect((await t.call('apiKey', action, { id: key.id }, { token: other.token })).body.code).toBe(serverErrors.apiKeyNotFound.code);
    const revoked = await t.call('apiKey', 'revoke', { id: key.id }, { token: r.token });
    expect(revoked.body.data.revokedAt).toEqual(expect.any(Number));
    const refused = await balance(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    for (const action of ['rotate', 'revoke'] as const) expect((await t.call('apiKey', action, { id: key.id }, { token: r.token })).body.code).toBe(serverErrors.apiKeyRevoked.code);
    expect((await eventsOf(r.userId)).map((e) => e.kind)).toEqual(['api_key_created', 'api_key_revoked']);
  });

  it('records the last use at most once a minute', async () => {
    const r = await t.signIn(Role.reseller);
    const { key, secret } = (await create(r.token)).body.data;
    await balance(secret);
    const first = (await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at;
    expect(first).toEqual(expect.any(Number));
    await balance(secret);
    expect((await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at).toBe(first);
    await t.db.updateTable('api_keys').set({ last_used_at: first! - 61_000 }).where('id', '=', key.id).execute();
    await balance(secret);
    expect((await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at).toBeGreaterThanOrEqual(first!);
  });
});

describe('IP allow-list', () => {
  it("behind a trusted proxy checks the client's address the proxy saw, and a forged header from anyone else is not believed", async () => {
    const behind = await createTestApp({ TRUST_PROXY: '10.9.9.9' });
    try {
      const r = await behind.signIn(Role.reseller);
      const { secret } = (await behind.call('apiKey', 'create', { name: 'ERP', scopes: ['read'], ipAllowList: ['203.0.113.0/24'] }, { token: r.token })).body.data;
      const from = (remoteAddress: string, forwarded: string) => behind.app.inject({ method: 'GET', url: '/api/v1/balance', headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': forwarded }, remoteAddress });
      expect((await from('10.9.9.9', '203.0.113.5')).statusCode).toBe(200);
      expect((await from('10.9.9.9', '198.51.100.1')).json()).toMatchObject({ code: serverErrors.apiKeyIpNotAllowed.code, texts: { en: expect.stringContaining('198.51.100.1') } });
      expect((await from('198.51.100.2', '203.0.113.5')).statusCode).toBe(403);
    } finally {
      await behind.close();
    }
  });

  it('matches addresses and CIDR blocks of both families; an empty list allows any', () => {
    expect(ipAllowed([], '198.51.100.7')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '203.0.113.99')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:203.0.113.99')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '203.0.114.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(['2001:db8::1'], '2001:db8::2')).toBe(false);
    expect(ipAllowed(['198.51.100.7'], 'not-an-address')).toBe(false);
  });
});
