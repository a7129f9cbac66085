import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { LIMITS, scalePerIpLimits } from './rate-limit.service.ts';

afterEach(() => scalePerIpLimits(1));

describe('per-address limits', () => {
  it('are as designed unless IP_LIMIT_SCALE says otherwise, which must be a whole number from 1', () => {
    expect(loadConfig({}).ipLimitScale).toBe(1);
    expect(loadConfig({ IP_LIMIT_SCALE: '20' }).ipLimitScale).toBe(20);
    expect(() => loadConfig({ IP_LIMIT_SCALE: '0' })).toThrow(/IP_LIMIT_SCALE/);
    expect(LIMITS.loginPerIp('1.2.3.4').max).toBe(100);
  });

  it('grow with the scale, while the limits per account that stop a guesser stay', () => {
    scalePerIpLimits(20);
    expect(LIMITS.loginPerIp('1.2.3.4')).toEqual({ key: 'login:ip:1.2.3.4', max: 2000, windowMs: 15 * 60_000 });
    expect(LIMITS.codePerIp('1.2.3.4').max).toBe(1200);
    expect(LIMITS.loginPerAccountAndIp('a@b.c', '1.2.3.4').max).toBe(10);
    expect(LIMITS.loginPerAccount('a@b.c').max).toBe(100);
  });
});
