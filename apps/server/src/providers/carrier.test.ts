import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createCarrierSimulator, createHttpCarrier, simulatedUsedMb } from './carrier.ts';

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

describe('carrier: data packages added to a travel eSIM', () => {
  it('adds a package once per reference, in the order added', async () => {
    const now = Date.UTC(2026, 11, 2);
    const carrier = createCarrierSimulator({ dataDir: tmpdir(), now: () => now });
    const first = await carrier.addPackage({ iccid: ICCID, dataMb: 1024, days: 7, reference: 'A-1' });
    const again = await carrier.addPackage({ iccid: ICCID, dataMb: 1024, days: 7, reference: 'A-1' });
    await carrier.addPackage({ iccid: ICCID, dataMb: null, days: 3, reference: 'A-2' });
    expect(again.carrierRef).toBe(first.carrierRef);
    expect(await carrier.packages(ICCID)).toEqual([
      { reference: 'A-1', carrierRef: first.carrierRef, dataMb: 1024, days: 7, addedAt: now },
      expect.objectContaining({ reference: 'A-2', dataMb: null, days: 3 }),
    ]);
    await expect(carrier.addPackage({ iccid: '12345', dataMb: 1, days: 1, reference: 'B' })).rejects.toThrow();
  });

  it('speaks the gateway operations over HTTP', async () => {
    const seen: Array<{ path: string; body: unknown; auth: string | undefined }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body: JSON.parse(body), auth: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        res.end(req.url === '/package/add' ? JSON.stringify({ carrierRef: 'GW1' }) : JSON.stringify({ items: [{ reference: 'R', carrierRef: 'GW1', dataMb: 500, days: 2, addedAt: 5 }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const carrier = createHttpCarrier(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'tok');
      expect(await carrier.addPackage({ iccid: ICCID, dataMb: 500, days: 2, reference: 'R' })).toEqual({ carrierRef: 'GW1' });
      expect(await carrier.packages(ICCID)).toEqual([{ reference: 'R', carrierRef: 'GW1', dataMb: 500, days: 2, addedAt: 5 }]);
      expect(seen).toEqual([
        { path: '/package/add', body: { iccid: ICCID, dataMb: 500, days: 2, reference: 'R' }, auth: 'Bearer tok' },
        { path: '/packages', body: { iccid: ICCID }, auth: 'Bearer tok' },
      ]);
    } finally {
      server.close();
    }
  });
});

describe('carrier simulator: lines by phone number', () => {
  it("serves the two carriers' mobile numbers, the same line each time, and not another carrier's", async () => {
    const carrier = createCarrierSimulator({ dataDir: tmpdir() });
    const line = await carrier.lookup('13800138000');
    expect(line).toMatchObject({ msisdn: '13800138000', carrier: 'cm', iccid: expect.stringMatching(/^898600\d{13}$/) });
    expect(await carrier.lookup(line!.iccid)).toEqual(line);
    expect((await carrier.lookup('18612345678'))?.carrier).toBe('cu');
    expect(await carrier.lookup('19900000000')).toBeNull();
  });
});
