import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts in development with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 8080, sandboxPayments: true, seedDemo: true, stripe: null, wechat: null });
    expect(config.smdp.simulator).toBe(true);
    expect(config.carrier.simulator).toBe(true);
  });

  it('refuses to start in production with development secrets, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SIGNING_SECRET, FILE_TOKEN_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: 'a-real-secret-0123456789', FILE_TOKEN_SECRET: 'another-real-secret-0123', POW_DIFFICULTY: '8' })).toThrow(/POW_DIFFICULTY below 14/);
    expect(() => loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: 'a-real-secret-0123456789', FILE_TOKEN_SECRET: 'another-real-secret-0123', SMDP_URL: 'https://smdp.example.com' })).toThrow(/SMDP_API_KEY, SMDP_NOTIFY_TOKEN/);
  });

  it('refuses the sandbox and an unauthenticated carrier gateway in production (issue 10)', () => {
    const prod = { NODE_ENV: 'production', SIGNING_SECRET: 'a-real-secret-0123456789', FILE_TOKEN_SECRET: 'another-real-secret-0123' };
    expect(() => loadConfig({ ...prod, SANDBOX_PAYMENTS: 'true' })).toThrow(/SANDBOX_PAYMENTS/);
    expect(() => loadConfig({ ...prod, CARRIER_URL: 'https://carrier.example.com' })).toThrow(/CARRIER_URL without CARRIER_TOKEN/);
    expect(loadConfig({ ...prod, CARRIER_URL: 'https://carrier.example.com', CARRIER_TOKEN: 'a-carrier-token' }).carrier).toMatchObject({ url: 'https://carrier.example.com', simulator: false });
    expect(() => loadConfig({ ...prod, SMDP_NOTIFY_TOKEN: 'simshop-dev-smdp-notify-token' })).toThrow(/SMDP_NOTIFY_TOKEN/);
  });

  it('has no simulators, sandbox or demo data in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SIGNING_SECRET: 'a-real-secret-0123456789', FILE_TOKEN_SECRET: 'another-real-secret-0123' });
    expect(config).toMatchObject({ sandboxPayments: false, seedDemo: false });
    expect(config.smdp.simulator).toBe(false);
    expect(config.carrier.simulator).toBe(false);
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
