import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createCarrierSimulator, simulatedUsedMb } from './carrier.ts';

const ICCID = '8985200123456789012';
const HOUR = 3_600_000;

describe('carrier simulator: travel eSIM data use', () => {
  it('uses nothing until a phone connects, then grows from the first connection, the same each time', async () => {
    let now = Date.UTC(2026, 10, 24);
    const carrier = createCarrierSimulator({ dataDir: tmpdir(), now: () => now });
    expect(await carrier.dataUsage(ICCID)).toEqual({ usedMb: 0, firstAttachAt: null });
    const start = now;
    carrier.attach(ICCID, start);
    carrier.attach(ICCID, start + HOUR); // a later connection does not move the first one
    const first = await carrier.dataUsage(ICCID);
    expect(first!.firstAttachAt).toBe(start);
    expect(first!.usedMb).toBeGreaterThanOrEqual(4);
    expect(first!.usedMb).toBeLessThan(34);
    now += 24 * HOUR;
    const dayLater = (await carrier.dataUsage(ICCID))!.usedMb;
    // A traveller's day: 250 to 850 MB.
    expect(dayLater - first!.usedMb).toBeGreaterThanOrEqual(249);
    expect(dayLater - first!.usedMb).toBeLessThanOrEqual(851);
    expect(dayLater).toBe(simulatedUsedMb(ICCID, start, now));
  });

  it('does not serve what is not an ICCID', async () => {
    const carrier = createCarrierSimulator({ dataDir: tmpdir() });
    expect(await carrier.dataUsage('12345')).toBeNull();
  });
});
