import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, useTestApp, type TestApp } from './harness.ts';

/**
 * "Forged SM-DP+ notifications": the progress route exists only with an SM-DP+ to
 * talk to, never takes the development token in production, refuses a malformed EID, moves only
 * profiles our SM-DP+ issued, and an EID finds only the caller's own eSIMs.
 */
const NOTIFY = '/fetch/smdp/es2plus/handleDownloadProgressInfo';
const DEV_NOTIFY_TOKEN = 'simshop-dev-smdp-notify-token';
// Valid EIDs (32 digits, mod 97 = 1).
const EID = '89049032004008882600012345678956';
const ATTACKER_EID = '89049032004008882600055555555521';
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', SEED_DEMO: 'false', SIGNING_SECRET: 'prod-signing-Kd8Wm3Qz6Xb1Rn9Lt4Hv7Yc2Gp5Js0Fe', FILE_TOKEN_SECRET: 'prod-file-token-Zr2Mx7Pb4Wk9Nd1Qv6Lc3Hy8Gt5Js0A', IMAGE_CODE_FIXED: '' };

const progress = (iccid: string, eid: string | undefined, point = 4) => ({
  header: { functionRequesterIdentifier: 'smdp', functionCallIdentifier: `n-${Math.random()}` },
  ...(eid === undefined ? {} : { eid }),
  iccid,
  timestamp: new Date().toISOString(),
  notificationPointId: point,
  notificationPointStatus: { status: 'Executed-Success' },
});

const notify = (app: TestApp, body: unknown, token: string) =>
  app.app.inject({ method: 'POST', url: NOTIFY, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify(body) });

const t = useTestApp();
beforeAll(async () => {
  // On-demand eSIMs come from the built-in SM-DP+ simulator over loopback HTTP.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

describe('SM-DP+ notifications in production', () => {
  it('has no notification route without a configured SM-DP+, so the development token opens nothing', async () => {
    const prod = await createTestApp(PRODUCTION);
    try {
      const iccid = '8985200000000000017';
      const res = await notify(prod, progress(iccid, ATTACKER_EID), DEV_NOTIFY_TOKEN);
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('refuses to start with the development notify token, with or without an SM-DP+ address', () => {
    expect(() => loadConfig({ ...PRODUCTION, SMDP_URL: 'https://smdp.example.com', SMDP_API_KEY: 'a-real-api-key' })).toThrow(/SMDP_NOTIFY_TOKEN/);
    expect(() => loadConfig({ ...PRODUCTION, SMDP_URL: 'https://smdp.example.com', SMDP_API_KEY: 'a-real-api-key', SMDP_NOTIFY_TOKEN: DEV_NOTIFY_TOKEN })).toThrow(/SMDP_NOTIFY_TOKEN/);
    expect(() => loadConfig({ ...PRODUCTION, SMDP_NOTIFY_TOKEN: DEV_NOTIFY_TOKEN })).toThrow(/SMDP_NOTIFY_TOKEN/);
  });

  it('answers a production SM-DP+ with its own token only', async () => {
    const prod = await createTestApp({ ...PRODUCTION, SMDP_URL: 'http://127.0.0.1:9/smdp', SMDP_API_KEY: 'a-real-api-key', SMDP_NOTIFY_TOKEN: 'real-notify-Tq4Wz8Mb1Xk6Rn3Lv9Hc2Yd7Gp5Js0F' });
    try {
      expect((await notify(prod, progress('8985200000000000017', EID), DEV_NOTIFY_TOKEN)).statusCode).toBe(401);
      expect((await notify(prod, progress('8985200000000000017', EID), 'real-notify-Tq4Wz8Mb1Xk6Rn3Lv9Hc2Yd7Gp5Js0F')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('what a notification may change', () => {
  it('refuses an EID that is not 32 digits with a valid check', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    for (const eid of ['89049032004008882600012345678901', '8904903200400888260001234567895', 'ABCD9032004008882600012345678956']) {
      const res = await notify(t, progress(esim!.iccid!, eid), t.config.smdp.notifyToken);
      expect(res.statusCode, eid).toBe(400);
    }
    const detail = (await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data;
    expect(detail).toMatchObject({ eid: null, activationStatus: 0, installLog: [] });
  });

  it("moves only a profile our SM-DP+ serves: a pool profile from another supplier's SM-DP+ keeps its EID and status", async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    const iccid = `89852${String(Date.now()).slice(-13)}1`;
    // The demo pools' own address is served by the simulator; a supplier's elsewhere is not.
    await t.db.updateTable('esims').set({ iccid, dp_address: 'smdp.supplier.example' }).where('id', '=', esim!.id).execute();
    expect((await notify(t, progress(iccid, ATTACKER_EID), t.config.smdp.notifyToken)).statusCode).toBe(200);
    const detail = (await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data;
    expect(detail).toMatchObject({ eid: null, activationStatus: 0, added: false, installLog: [] });
  });

  it('still follows a profile our SM-DP+ issued', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    expect((await notify(t, progress(esim!.iccid!, EID), t.config.smdp.notifyToken)).statusCode).toBe(200);
    expect((await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data).toMatchObject({ eid: EID, activationStatus: 3 });
  });
});

describe('eSIM search by EID', () => {
  it("finds the caller's own eSIMs on that device, never another customer's code, remark or order", async () => {
    const owner = await t.signIn();
    await t.buy(owner.token, 'ESIM-ASIA-5-7', 1);
    const [esim] = (await t.call('esim', 'list', {}, { token: owner.token })).body.data.items;
    await t.call('esim', 'remark', { id: esim!.id, remark: 'Private note' }, { token: owner.token });
    const eid = '89049032004008882600099999999974';
    await t.db.updateTable('esims').set({ eid }).where('id', '=', esim!.id).execute();
    const stranger = await t.signIn();
    const res = await t.call('esimSearch', 'search', { query: eid }, { token: stranger.token });
    expect(res.body.code).toBe(serverErrors.noSearchResults.code);
    expect(JSON.stringify(res.body)).not.toContain(esim!.activationCode);
    expect((await t.call('esimSearch', 'search', { query: eid }, { token: owner.token })).body.data).toMatchObject({ by: 'eid', items: [{ id: esim!.id, remark: 'Private note' }] });
  });
});
