import { describe, expect, it } from 'vitest';
import { loadConfig, secretWeakness } from './config.ts';

/** Secrets as production wants them: long and random. */
const SIGNING = 'prod-signing-Kd8Wm3Qz6Xb1Rn9Lt4Hv7Yc2Gp5Js0Fe';
const FILE_TOKEN = 'prod-file-token-Zr2Mx7Pb4Wk9Nd1Qv6Lc3Hy8Gt5Js0A';
const SHOP = 'https://shop.example.com';

describe('configuration', () => {
  it('starts in development with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 8080, sandboxPayments: true, seedDemo: true, stripe: null, wechat: null });
    expect(config.smdp.simulator).toBe(true);
    expect(config.carrier.simulator).toBe(true);
  });

  it('refuses to start in production with development secrets, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGNING_SECRET, FILE_TOKEN_SECRET/);
    // Mails and texts carry links to the shop; the worker sending them has no request to read it from.
    expect(() => loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN })).toThrow(/PUBLIC_URL missing/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN, POW_DIFFICULTY: '8' })).toThrow(/POW_DIFFICULTY below 14/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN, SMDP_URL: 'https://smdp.example.com' })).toThrow(/SMDP_API_KEY, SMDP_NOTIFY_TOKEN/);
  });

  it('refuses the sandbox and an unauthenticated carrier gateway in production', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN };
    expect(() => loadConfig({ ...prod, SANDBOX_PAYMENTS: 'true' })).toThrow(/SANDBOX_PAYMENTS/);
    expect(() => loadConfig({ ...prod, CARRIER_URL: 'https://carrier.example.com' })).toThrow(/CARRIER_URL without CARRIER_TOKEN/);
    expect(loadConfig({ ...prod, CARRIER_URL: 'https://carrier.example.com', CARRIER_TOKEN: 'a-carrier-token' }).carrier).toMatchObject({ url: 'https://carrier.example.com', simulator: false });
    expect(() => loadConfig({ ...prod, SMDP_NOTIFY_TOKEN: 'simshop-dev-smdp-notify-token' })).toThrow(/SMDP_NOTIFY_TOKEN/);
  });

  it('has no simulators, sandbox or demo data in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN });
    expect(config).toMatchObject({ sandboxPayments: false, seedDemo: false });
    expect(config.smdp.simulator).toBe(false);
    expect(config.carrier.simulator).toBe(false);
  });

  it('refuses short, low-entropy or shared secrets in production, naming the variable', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN };
    expect(() => loadConfig(prod)).not.toThrow();
    expect(() => loadConfig({ ...prod, FILE_TOKEN_SECRET: 'x'.repeat(16) })).toThrow(/FILE_TOKEN_SECRET \(shorter than 32 characters\)/);
    expect(() => loadConfig({ ...prod, FILE_TOKEN_SECRET: 'x'.repeat(64) })).toThrow(/FILE_TOKEN_SECRET \(not random enough\)/);
    expect(() => loadConfig({ ...prod, SIGNING_SECRET: 'abcd'.repeat(16) })).toThrow(/SIGNING_SECRET \(not random enough\)/);
    expect(() => loadConfig({ ...prod, FILE_TOKEN_SECRET: SIGNING })).toThrow(/FILE_TOKEN_SECRET equal to SIGNING_SECRET/);
    expect(() => loadConfig({ ...prod, SMDP_NOTIFY_TOKEN: 'notify-token-1234' })).toThrow(/SMDP_NOTIFY_TOKEN \(shorter/);
    expect(() => loadConfig({ ...prod, CARRIER_URL: 'https://carrier.example.com', CARRIER_TOKEN: 'a'.repeat(16) })).toThrow(/CARRIER_TOKEN \(not random enough\)/);
    expect(() => loadConfig({ ...prod, SMS_WEBHOOK_TOKEN: '1111111111' })).toThrow(/SMS_WEBHOOK_TOKEN/);
    // Development keeps its defaults: the rule is production's.
    expect(() => loadConfig({ FILE_TOKEN_SECRET: 'x'.repeat(16) })).not.toThrow();
  });

  it('judges a secret by its length and how random it looks', () => {
    expect(secretWeakness('0123456789abcdef0123456789abcdef')).toBe('low-entropy');
    expect(secretWeakness('q8Zt1mV7xK3pR9wL2bN6cY4hJ0sD5fGa')).toBeNull();
    expect(secretWeakness('3f9a1c7e5b2d8046af19c3e75b0d2a68')).toBeNull();
    expect(secretWeakness('x'.repeat(16))).toBe('short');
    expect(secretWeakness('x'.repeat(100))).toBe('low-entropy');
    expect(secretWeakness('password'.repeat(8))).toBe('low-entropy');
  });

  it('never loads demo data in production, whatever SEED_DEMO says', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: SHOP, SIGNING_SECRET: SIGNING, FILE_TOKEN_SECRET: FILE_TOKEN };
    for (const value of ['true', '1']) expect(() => loadConfig({ ...prod, SEED_DEMO: value })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ ...prod, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
  });

  it('holds a job for JOB_LEASE_MS, a minute unless set, and refuses a lease under a second', () => {
    expect(loadConfig({}).jobs.leaseMs).toBe(60_000);
    expect(loadConfig({ JOB_LEASE_MS: '3000' }).jobs.leaseMs).toBe(3_000);
    expect(() => loadConfig({ JOB_LEASE_MS: '500' })).toThrow(/JOB_LEASE_MS/);
    expect(() => loadConfig({ JOB_LEASE_MS: 'soon' })).toThrow(/JOB_LEASE_MS/);
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
