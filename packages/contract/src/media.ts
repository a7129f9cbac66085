/**
 * The media library's addresses, shared by the server (which serves them), the shop (which draws
 * them with a srcset) and the console (which previews them).
 *
 * A library picture is named in any image string as `media:<key>` (several: `media:<key1>,<key2>`),
 * where the key is `<id>-<hash>`: the hash is of the picture's bytes, so the address changes when
 * the picture does and every size can be cached for a year. Each size is served at
 * `/media/<key>/<width>.<format>`, optionally `?ratio=16:9` to crop to a slot's shape.
 */

/** The widths the server makes (never wider than the picture itself: a narrower one answers). */
export const MEDIA_WIDTHS = [160, 320, 640, 960, 1280, 1920] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** Formats every picture is served in; `original` is the uploaded one's own (jpg, png, gif, webp, avif). */
export const MEDIA_OUTPUT_FORMATS = ['webp', 'avif'] as const;
/** The formats an upload may be, as sharp names them after decoding, and their file extensions. */
export const MEDIA_UPLOAD_FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' } as const;
export type MediaUploadFormat = keyof typeof MEDIA_UPLOAD_FORMATS;
/** Extensions a size may be asked in. */
export const MEDIA_EXTENSIONS = ['webp', 'avif', 'jpg', 'png', 'gif'] as const;
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number];

/** The slot shapes a size may be cropped to (width:height). */
export const MEDIA_RATIOS = ['1:1', '4:3', '3:2', '16:9', '2:1', '3:1', '3:4'] as const;
export type MediaRatio = (typeof MEDIA_RATIOS)[number];

/** The home banner's slot (the shop draws it about 2.2 times as wide as high, cropping the rest). */
export const HOME_BANNER_RATIO: MediaRatio = '2:1';

/** Largest upload, in bytes. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Largest width or height of an upload, in pixels (a bigger one is refused, not resized). */
export const MEDIA_MAX_PIXELS_SIDE = 8000;
/** Alt text length, per language. */
export const MEDIA_ALT_MAX = 200;

/** The multipart upload's path (field `file`, optional fields `altEn` and `altZh`); needs `content.write`. */
export const ADMIN_MEDIA_UPLOAD_PATH = '/admin/upload/media';

export const MEDIA_KEY = /^([1-9][0-9]{0,9})-([0-9a-f]{12})$/;
const MEDIA_STRING = /^\s*media\s*:(.*)$/s;

/** `<id>-<hash>` of a library picture. */
export const mediaKey = (id: number, hash: string) => `${id}-${hash}`;
/** The image string naming one library picture. */
export const mediaImageString = (key: string) => `media:${key}`;

/**
 * An entry of a list of images (a product's images, each entry a path) naming a library picture:
 * `media/<key>`, so it can sit beside other entries. Answers its key, or null.
 */
export function mediaKeyOfEntry(entry: string): string | null {
  const match = /^media\/([^/]+)$/.exec(entry.trim());
  return match && MEDIA_KEY.test(match[1]!) ? match[1]! : null;
}
/** The list entry naming a library picture. */
export const mediaImageEntry = (key: string) => `media/${key}`;

/** The library keys of an image string of the `media:` form (empty for any other image string). */
export function mediaKeysOf(value: string | null | undefined): string[] {
  const match = value ? MEDIA_STRING.exec(value) : null;
  if (!match) return [];
  const keys = (match[1] ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
  return keys.length > 0 && keys.every((k) => MEDIA_KEY.test(k)) ? keys : [];
}

/** The address of one size of a library picture. */
export function mediaUrl(key: string, width: MediaWidth, format: MediaExtension = 'webp', ratio?: MediaRatio): string {
  return `/media/${key}/${width}.${format}${ratio ? `?ratio=${ratio}` : ''}`;
}

/** The width a picture field's `src` asks for when the browser does not choose from the srcset. */
export const MEDIA_DEFAULT_WIDTH: MediaWidth = 960;

/** `src` and `srcset` (every width, webp) of a library picture, for an <img>. */
export function mediaSources(key: string, ratio?: MediaRatio): { src: string; srcSet: string } {
  return {
    src: mediaUrl(key, MEDIA_DEFAULT_WIDTH, 'webp', ratio),
    srcSet: MEDIA_WIDTHS.map((w) => `${mediaUrl(key, w, 'webp', ratio)} ${w}w`).join(', '),
  };
}

/** A size's address split into its parts, or null when it is not one the server makes. */
export function parseMediaSize(file: string, ratio: string | undefined): { width: MediaWidth; format: MediaExtension; ratio: MediaRatio | null } | null {
  const match = /^([0-9]{1,4})\.([a-z]{3,4})$/.exec(file);
  if (!match) return null;
  const width = Number(match[1]);
  const format = match[2] as MediaExtension;
  if (!(MEDIA_WIDTHS as readonly number[]).includes(width) || !MEDIA_EXTENSIONS.includes(format)) return null;
  if (ratio !== undefined && !(MEDIA_RATIOS as readonly string[]).includes(ratio)) return null;
  return { width: width as MediaWidth, format, ratio: (ratio as MediaRatio | undefined) ?? null };
}

const MEDIA_URL = /^\/media\/([1-9][0-9]{0,9}-[0-9a-f]{12})\/[0-9]{1,4}\.webp(?:\?ratio=([0-9]{1,2}:[0-9]{1,2}))?$/;

/** The srcset of a library picture's address (as parseImageString answers it), or undefined for any other address. */
export function mediaSrcSetOf(src: string | undefined): string | undefined {
  const match = src ? MEDIA_URL.exec(src) : null;
  if (!match) return undefined;
  const ratio = match[2] as MediaRatio | undefined;
  if (ratio !== undefined && !MEDIA_RATIOS.includes(ratio)) return undefined;
  return mediaSources(match[1]!, ratio).srcSet;
}

/** The drawn width of a picture as wide as the shop's page (at most 800 px), for `sizes`. */
export const PAGE_IMAGE_SIZES = '(min-width: 800px) 800px, 100vw';
/** The home banner's drawn width (the page less its 12 px margins), for `sizes`. */
export const HOME_BANNER_SIZES = '(min-width: 800px) 776px, calc(100vw - 24px)';

/** The address a slot draws an image string from: a library picture cropped to the slot's ratio, else firstImageUrl's. */
export function slotImageUrl(value: string | null | undefined, ratio: MediaRatio | undefined, fallback: (value: string | null | undefined) => string | undefined): string | undefined {
  const key = mediaKeysOf(value)[0];
  return key ? mediaUrl(key, MEDIA_DEFAULT_WIDTH, 'webp', ratio) : fallback(value);
}
