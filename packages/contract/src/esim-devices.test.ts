import { describe, expect, it } from 'vitest';
import { ESIM_DEVICES, searchEsimDevices } from './esim-devices.ts';

const names = (query: string, limit?: number) => searchEsimDevices(query, limit).map((d) => `${d.brand} ${d.model}`);

describe('ESIM_DEVICES', () => {
  it('has one entry per brand and model', () => {
    const keys = ESIM_DEVICES.map((d) => `${d.brand}|${d.model}`.toLowerCase());
    expect(new Set(keys).size).toBe(keys.length);
    expect(ESIM_DEVICES.length).toBeGreaterThanOrEqual(150);
  });

  it('explains every "depends" in both languages', () => {
    for (const device of ESIM_DEVICES.filter((d) => d.support === 'depends')) {
      expect(device.reason?.en, device.model).toBeTruthy();
      expect(device.reason?.zh, device.model).toBeTruthy();
    }
  });

  it('knows the well-known answers', () => {
    const find = (model: string) => ESIM_DEVICES.find((d) => d.model === model)?.support;
    expect(find('iPhone X')).toBe('unsupported');
    expect(find('iPhone XS')).toBe('depends');
    expect(find('iPhone 15 Pro')).toBe('depends');
    expect(find('Pixel 7')).toBe('supported');
    expect(find('Galaxy S20+')).toBe('depends');
  });
});

describe('searchEsimDevices', () => {
  it('ignores case and spaces', () => {
    expect(names('PIXEL7', 1)).toEqual(['Google Pixel 7']);
    expect(names('  galaxy   s20+ ')).toEqual(['Samsung Galaxy S20+']);
  });

  it('puts the exact model before longer ones', () => {
    expect(names('iphone 15', 3)).toEqual(['Apple iPhone 15', 'Apple iPhone 15 Plus', 'Apple iPhone 15 Pro']);
    expect(names('iPhone X')[0]).toBe('Apple iPhone X');
  });

  it('matches aliases, brand names in Chinese and model numbers', () => {
    expect(names('iPhone SE 2020')).toEqual(['Apple iPhone SE (2nd generation)']);
    expect(names('SM-S918')).toEqual(['Samsung Galaxy S23 Ultra']);
    expect(names('三星 S23', 1)).toEqual(['Samsung Galaxy S23']);
    expect(names('华为P40', 1)).toEqual(['Huawei P40']);
  });

  it('matches a brand with the model', () => {
    expect(names('google pixel 8a')).toEqual(['Google Pixel 8a']);
  });

  it('honours the limit and returns nothing for an empty or unknown query', () => {
    expect(searchEsimDevices('iphone', 5)).toHaveLength(5);
    expect(searchEsimDevices('iphone')).toHaveLength(10);
    expect(searchEsimDevices('   ')).toEqual([]);
    expect(searchEsimDevices('nokia 3310')).toEqual([]);
  });
});
