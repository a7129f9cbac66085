import { describe, it, expect } from 'vitest';
import { SERVICE_FEE_PERCENT, WORK_HOURS, currencySymbol, formatMoney, formatVolume, firstImageUrl, parseImageString, serviceFee } from './format.ts';

describe('formatVolume', () => {
  it('shows MB below 10000', () => {
    expect(formatVolume(0)).toBe('0 MB');
    expect(formatVolume(500)).toBe('500 MB');
    expect(formatVolume(9999)).toBe('9999 MB');
    expect(formatVolume(1024.56)).toBe('1024.6 MB');
  });

  it('shows GB (÷1000, one decimal) from 10000', () => {
    expect(formatVolume(10000)).toBe('10.0 GB');
    expect(formatVolume(12345)).toBe('12.3 GB');
    expect(formatVolume(10050)).toBe('10.1 GB');
    expect(formatVolume(99999)).toBe('100.0 GB');
    expect(formatVolume(1_000_000)).toBe('1000.0 GB');
  });

  it('does not print NaN', () => {
    expect(formatVolume(Number.NaN)).toBe('0 MB');
  });
});

describe('currencySymbol', () => {
  it('maps USD, CNY and RMB', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol('RMB')).toBe('¥');
    expect(currencySymbol('usd')).toBe('$');
  });

  it('shows any other code as itself', () => {
    expect(currencySymbol('EUR')).toBe('EUR');
    expect(currencySymbol('HKD')).toBe('HKD');
  });
});

describe('formatMoney', () => {
  it('formats integer minor units with two decimals', () => {
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(5, 'CNY')).toBe('¥0.05');
    expect(formatMoney(0, 'RMB')).toBe('¥0.00');
    expect(formatMoney(100000, 'USD')).toBe('$1000.00');
    expect(formatMoney(-500, 'CNY')).toBe('-¥5.00');
  });

  it('puts a space after a bare currency code', () => {
    expect(formatMoney(1250, 'EUR')).toBe('EUR 12.50');
  });

  it('rounds stray fractions of a minor unit', () => {
    expect(formatMoney(1999.6, 'USD')).toBe('$20.00');
  });
});

describe('parseImageString', () => {
  const host = 'https://static.example.com';

  it('expands folder:file1,file2', () => {
    expect(parseImageString('goods:a.png,b.jpg', host)).toEqual([
      'https://static.example.com/goods/a.png',
      'https://static.example.com/goods/b.jpg',
    ]);
  });

  it('trims spaces and skips empty names', () => {
    expect(parseImageString(' goods : a.png , ,b.jpg, ', host)).toEqual([
      'https://static.example.com/goods/a.png',
      'https://static.example.com/goods/b.jpg',
    ]);
  });

  it('tolerates a trailing slash on the host', () => {
    expect(parseImageString('goods:a.png', 'https://static.example.com/')).toEqual(['https://static.example.com/goods/a.png']);
  });

  it('reads a string without a colon as files at the root', () => {
    expect(parseImageString('a.png,b.png', host)).toEqual(['https://static.example.com/a.png', 'https://static.example.com/b.png']);
    expect(parseImageString(':a.png', host)).toEqual(['https://static.example.com/a.png']);
  });

  it('keeps absolute http(s) entries as they are', () => {
    expect(parseImageString('https://cdn.example.org/x.png', host)).toEqual(['https://cdn.example.org/x.png']);
    expect(parseImageString('http://a.example/x.png,https://b.example/y.png', host)).toEqual([
      'http://a.example/x.png',
      'https://b.example/y.png',
    ]);
    expect(parseImageString('goods:a.png,https://cdn.example.org/x.png', host)).toEqual([
      'https://static.example.com/goods/a.png',
      'https://cdn.example.org/x.png',
    ]);
  });

  it('gives nothing for an empty value', () => {
    expect(parseImageString('', host)).toEqual([]);
    expect(parseImageString(null, host)).toEqual([]);
    expect(parseImageString(undefined, host)).toEqual([]);
    expect(parseImageString('goods:', host)).toEqual([]);
    expect(parseImageString(' , ', host)).toEqual([]);
  });

  it('does not double slashes', () => {
    expect(parseImageString('/goods/:/a.png', 'https://static.example.com//')).toEqual(['https://static.example.com/goods/a.png']);
  });
});

describe('serviceFee', () => {
  it('is 4.5 percent, rounded to the nearest minor unit', () => {
    expect(SERVICE_FEE_PERCENT).toBe(4.5);
    expect(serviceFee(10000)).toBe(450);
    expect(serviceFee(1999)).toBe(90); // 89.955
    expect(serviceFee(100)).toBe(5); // 4.5 rounds up
    expect(serviceFee(10)).toBe(0); // 0.45
    expect(serviceFee(0)).toBe(0);
  });

  it('is symmetric for refunds', () => {
    expect(serviceFee(-1999)).toBe(-90);
    expect(serviceFee(-10)).toBe(0);
  });
});

describe('WORK_HOURS', () => {
  it('is Monday to Saturday, 11:00 to 19:00', () => {
    expect(WORK_HOURS).toEqual({ days: 'Mon-Sat', open: '11:00', close: '19:00' });
  });
});

describe('firstImageUrl', () => {
  const host = 'https://static.example.com/';
  it('is the first entry under the static host, or an address from the root, data: or blob: as it is', () => {
    expect(firstImageUrl('demo:a.webp,b.webp', host)).toBe('https://static.example.com/demo/a.webp');
    expect(firstImageUrl('/uni/icon.png', host)).toBe('/uni/icon.png');
    expect(firstImageUrl('https://cdn.example.com/x.png', host)).toBe('https://cdn.example.com/x.png');
    expect(firstImageUrl('data:image/png;base64,AA', host)).toBe('data:image/png;base64,AA');
    expect(firstImageUrl('', host)).toBeUndefined();
    expect(firstImageUrl(null, host)).toBeUndefined();
  });
});
