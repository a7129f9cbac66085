import { API_BASE, api, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * "X-Forwarded-For with TRUST_PROXY": the client writes the left of the header, the
 * proxy appends the address it saw. Only the entries our own proxies added are believed, so a
 * forged left-most entry neither dodges a per-IP limit nor picks the address it is counted under.
 */
async function login(t: TestApp, from: string, forwardedFor: string) {
  const query = 'action=password';
  const payload = JSON.stringify({ account: `nobody-${Math.random()}@example.com`, password: 'whatever1' });
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${api.login.path}?${query}`,
    headers: { ...signRequest(t.config.signing, { query, body: payload }), 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload,
    remoteAddress: from,
  });
  return (res.json() as { code: number }).code;
}

/** The addresses sign-in attempts were counted under. */
async function countedIps(t: TestApp): Promise<string[]> {
  const rows = await t.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:ip:%').execute();
  return rows.map((r) => r.key.slice('login:ip:'.length)).sort();
}

describe('TRUST_PROXY', () => {
  it('with "true" believes only the hop our proxy added: forged entries do not escape the per-IP limit', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      let last = 0;
      for (let i = 0; i < 101; i++) last = await login(t, '10.9.9.9', `203.0.113.${i % 250}, 198.51.100.77`);
      expect(last).toBe(serverErrors.tooFrequent.code);
      expect(await countedIps(t)).toEqual(['198.51.100.77']);
    } finally {
      await t.close();
    }
  });

  it('takes a hop count for a chain of proxies', async () => {
    const t = await createTestApp({ TRUST_PROXY: '2' });
    try {
      // client (forged "1.1.1.1") → CDN (saw 198.51.100.8) → our proxy (saw the CDN, 192.0.2.1) → us
      await login(t, '10.9.9.9', '1.1.1.1, 198.51.100.8, 192.0.2.1');
      expect(await countedIps(t)).toEqual(['198.51.100.8']);
    } finally {
      await t.close();
    }
  });

  it("takes the proxies' addresses, and ignores the header from anyone else", async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.9.9.9, 10.8.0.0/16' });
    try {
      await login(t, '10.9.9.9', '1.1.1.1, 198.51.100.9');
      await login(t, '203.0.113.200', '2.2.2.2');
      expect(await countedIps(t)).toEqual(['198.51.100.9', '203.0.113.200']);
    } finally {
      await t.close();
    }
  });

  it('believes no header when off', async () => {
    const t = await createTestApp();
    try {
      await login(t, '203.0.113.201', '3.3.3.3');
      expect(await countedIps(t)).toEqual(['203.0.113.201']);
    } finally {
      await t.close();
    }
  });
});
