import { describe, expect, it } from 'vitest';
import { firstImageUrl, parseImageString } from './format.ts';
import { isSafeImageString } from './safe-url.ts';
import { mediaImageEntry, mediaImageString, mediaKeyOfEntry, mediaKeysOf, mediaSources, mediaSrcSetOf, parseMediaSize } from './media.ts';

const host = 'https://static.example.com';

describe('media image strings', () => {
  it('names library pictures by key, one or several', () => {
    expect(mediaKeysOf('media:12-0123456789ab')).toEqual(['12-0123456789ab']);
    expect(mediaKeysOf(' media : 1-aaaaaaaaaaaa , 2-bbbbbbbbbbbb ')).toEqual(['1-aaaaaaaaaaaa', '2-bbbbbbbbbbbb']);
    expect(mediaImageString('7-cccccccccccc')).toBe('media:7-cccccccccccc');
  });

  it('is not a media string when any entry is not a key', () => {
    expect(mediaKeysOf('media:12')).toEqual([]);
    expect(mediaKeysOf('media:12-0123456789ab,logo.png')).toEqual([]);
    expect(mediaKeysOf('goods:12-0123456789ab')).toEqual([]);
    expect(mediaKeysOf(null)).toEqual([]);
  });

  it('is drawn from the shop\'s own /media/ address, not the static host', () => {
    expect(parseImageString('media:12-0123456789ab,3-aaaaaaaaaaaa', host)).toEqual(['/media/12-0123456789ab/960.webp', '/media/3-aaaaaaaaaaaa/960.webp']);
    expect(firstImageUrl('media:12-0123456789ab', host)).toBe('/media/12-0123456789ab/960.webp');
    // A folder that is only called media keeps its meaning.
    expect(parseImageString('media:banner.png', host)).toEqual([`${host}/media/banner.png`]);
    expect(isSafeImageString('media:12-0123456789ab')).toBe(true);
  });

  it('takes a library picture as one entry of a list beside others (a product\'s images)', () => {
    expect(parseImageString('products/abc.png,media/12-0123456789ab', host)).toEqual([`${host}/products/abc.png`, '/media/12-0123456789ab/960.webp']);
    expect(firstImageUrl('media/12-0123456789ab', host)).toBe('/media/12-0123456789ab/960.webp');
    // Not a key: a static file in a folder called media.
    expect(parseImageString('media/logo.png', host)).toEqual([`${host}/media/logo.png`]);
    expect(mediaKeyOfEntry('media/12-0123456789ab')).toBe('12-0123456789ab');
    expect(mediaImageEntry('12-0123456789ab')).toBe('media/12-0123456789ab');
  });

  it('lists every width in the srcset, cropped when the slot asks', () => {
    const { src, srcSet } = mediaSources('12-0123456789ab', '16:9');
    expect(src).toBe('/media/12-0123456789ab/960.webp?ratio=16:9');
    expect(srcSet.split(', ')).toHaveLength(6);
    expect(srcSet).toContain('/media/12-0123456789ab/160.webp?ratio=16:9 160w');
    expect(srcSet).toContain('/media/12-0123456789ab/1920.webp?ratio=16:9 1920w');
  });

  it('parses only the sizes the server makes', () => {
    expect(parseMediaSize('640.avif', '16:9')).toEqual({ width: 640, format: 'avif', ratio: '16:9' });
    expect(parseMediaSize('640.jpg', undefined)).toEqual({ width: 640, format: 'jpg', ratio: null });
    expect(parseMediaSize('641.webp', undefined)).toBeNull();
    expect(parseMediaSize('640.tiff', undefined)).toBeNull();
    expect(parseMediaSize('640.webp', '5:4')).toBeNull();
  });

  it('gives the srcset of a library picture\'s address only', () => {
    expect(mediaSrcSetOf('/media/12-0123456789ab/960.webp')).toBe(mediaSources('12-0123456789ab').srcSet);
    expect(mediaSrcSetOf('/media/12-0123456789ab/960.webp?ratio=2:1')).toBe(mediaSources('12-0123456789ab', '2:1').srcSet);
    expect(mediaSrcSetOf('/media/12-0123456789ab/960.webp?ratio=5:4')).toBeUndefined();
    expect(mediaSrcSetOf('/media/avatars/0000')).toBeUndefined();
    expect(mediaSrcSetOf('https://static.example.com/a.png')).toBeUndefined();
    expect(mediaSrcSetOf(undefined)).toBeUndefined();
  });
});
