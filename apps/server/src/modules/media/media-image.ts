import { MEDIA_MAX_PIXELS_SIDE, MEDIA_UPLOAD_FORMATS, type MediaExtension, type MediaRatio, type MediaUploadFormat, type MediaWidth } from '@simshop/contract';
import sharp, { type Metadata } from 'sharp';

/**
 * What sharp (libvips) does for the media library: tell what an upload is by decoding it, and
 * make one size of a picture. No other module touches image bytes this way.
 */

export interface DecodedImage {
  format: MediaUploadFormat;
  width: number;
  height: number;
}

/** sharp names AVIF `heif` (compressed with AV1); HEIC, also `heif`, is not taken. */
function uploadFormat(meta: Metadata): MediaUploadFormat | null {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : null;
  return Object.hasOwn(MEDIA_UPLOAD_FORMATS, meta.format) ? (meta.format as MediaUploadFormat) : null;
}

/**
 * The picture's format and upright size, or null when the bytes are not a whole JPEG, PNG, WebP,
 * AVIF or GIF (whatever the file is called) or a side is over the limit. A small thumbnail is
 * drawn so a picture whose header is fine but whose data is cut off is refused here too.
 */
export async function decodeUpload(bytes: Buffer): Promise<DecodedImage | null> {
  try {
    const options = { failOn: 'error', limitInputPixels: MEDIA_MAX_PIXELS_SIDE * MEDIA_MAX_PIXELS_SIDE } as const;
    const meta = await sharp(bytes, options).metadata();
    const format = uploadFormat(meta);
    if (!format) return null;
    // Upright (EXIF orientation applied); an animated GIF's height is one frame's.
    const width = meta.autoOrient.width;
    const height = meta.pageHeight ?? meta.autoOrient.height;
    if (width > MEDIA_MAX_PIXELS_SIDE || height > MEDIA_MAX_PIXELS_SIDE) return null;
    await sharp(bytes, options).resize(16, 16, { fit: 'inside' }).toBuffer();
    return { format, width, height };
  } catch {
    return null;
  }
}

/** The output size: never wider than the picture; cropped to the ratio exactly (width a multiple of its first term). */
export function outputSize(source: { width: number; height: number }, width: MediaWidth, ratio: MediaRatio | null): { width: number; height: number | null } {
  if (!ratio) return { width: Math.min(width, source.width), height: null };
  const [a, b] = ratio.split(':').map(Number) as [number, number];
  // The largest a:b window inside the picture, then no wider than asked.
  const widest = Math.min(source.width, Math.floor((source.height * a) / b));
  const units = Math.max(1, Math.floor(Math.min(width, widest) / a));
  return { width: units * a, height: units * b };
}

const CONTENT_TYPES: Record<MediaExtension, string> = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
export const contentTypeOf = (format: MediaExtension) => CONTENT_TYPES[format];

/** One size of a picture in a format; animated GIFs stay animated in formats that can be. */
export async function renderSize(bytes: Buffer, source: DecodedImage, width: MediaWidth, ratio: MediaRatio | null, format: MediaExtension): Promise<Buffer> {
  const size = outputSize(source, width, ratio);
  const animated = source.format === 'gif' && format !== 'jpg' && format !== 'png' && format !== 'avif';
  let image = sharp(bytes, { animated }).autoOrient();
  image = size.height === null ? image.resize({ width: size.width, withoutEnlargement: true }) : image.resize({ width: size.width, height: size.height, fit: 'cover', position: 'centre' });
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'avif':
      // effort 2: made on the first request, so speed matters more than the last few bytes.
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}
