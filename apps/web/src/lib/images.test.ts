import { mediaSrcSetOf } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { imageUrl } from './images';

describe('imageUrl', () => {
  it('draws a media library picture from the shop\'s own address, cropped when the slot asks, with a srcset', () => {
    expect(imageUrl('media:4-0123456789ab')).toBe('/media/4-0123456789ab/960.webp');
    const banner = imageUrl('media:4-0123456789ab', '2:1');
    expect(banner).toBe('/media/4-0123456789ab/960.webp?ratio=2:1');
    expect(mediaSrcSetOf(banner)).toContain('/media/4-0123456789ab/320.webp?ratio=2:1 320w');
  });

  it('leaves other image strings as they were', () => {
    expect(imageUrl('/media/avatars/x')).toBe('/media/avatars/x');
    expect(imageUrl('demo:banner.svg', '2:1')).toMatch(/\/demo\/banner\.svg$/);
    expect(mediaSrcSetOf(imageUrl('demo:banner.svg'))).toBeUndefined();
  });
});
