import { describe, expect, it } from 'vitest';
import { createInProcessSmdp } from './in-process.ts';

describe("the sandbox's SM-DP+", () => {
  it('answers a call the same way every time, in another process too, and keeps nothing', async () => {
    const one = createInProcessSmdp({ smdpAddress: 'smdp.test' });
    const again = createInProcessSmdp({ smdpAddress: 'smdp.test' });
    const { iccid } = await one.downloadOrder({ callId: 'call-1' });
    expect(iccid).toMatch(/^8985200\d{13}$/);
    expect(await again.downloadOrder({ callId: 'call-1' })).toEqual({ iccid });
    expect((await one.downloadOrder({ callId: 'call-2' })).iccid).not.toBe(iccid);
    const confirmed = await one.confirmOrder({ callId: 'call-3', iccid });
    expect(confirmed).toEqual({ matchingId: expect.stringMatching(/^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/), smdpAddress: 'smdp.test' });
    expect(await again.confirmOrder({ callId: 'call-4', iccid })).toEqual(confirmed);
    await expect(one.cancelOrder({ callId: 'call-5', iccid, final: 'Available' })).resolves.toBeUndefined();
  });
});
