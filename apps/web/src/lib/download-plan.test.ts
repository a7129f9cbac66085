import { describe, expect, it } from 'vitest';
import { planDownload } from './download-plan';

describe('planDownload', () => {
  it('goes through the signed download route by default', () => {
    expect(planDownload('exports/2026/orders%20list.csv', '/static')).toEqual({
      url: '/fetch/mall/v2/download?file=exports%2F2026%2Forders%2520list.csv',
      signed: true,
      fileName: 'orders list.csv',
      query: 'file=exports%2F2026%2Forders%2520list.csv',
    });
  });

  it('fetches /v3 paths straight from the static host, unsigned', () => {
    expect(planDownload('/v3/files/guide.pdf', 'https://cdn.example.com/')).toEqual({ url: 'https://cdn.example.com/v3/files/guide.pdf', signed: false, fileName: 'guide.pdf', query: '' });
  });

  it('names an opaque token after itself and survives malformed escapes', () => {
    expect(planDownload('eyJhbGciOi.x-y_z', '/static').fileName).toBe('eyJhbGciOi.x-y_z');
    expect(planDownload('bad%E0%A4%A', '/static').fileName).toBe('bad%E0%A4%A');
  });
});
