import { mediaUrl, type AdminMedia } from '@simshop/contract';

/** Bytes as staff read them (KB up to a megabyte, then MB). */
export const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A library picture as a small square: its 160 or 320 px webp, the alt text as the image's. */
export function MediaThumb({ media, size, lang }: { media: AdminMedia; size: number; lang: string }) {
  const alt = (lang === 'zh-Hans' ? media.alt.zh || media.alt.en : media.alt.en || media.alt.zh) || media.fileName;
  return <img src={mediaUrl(media.key, size > 80 ? 320 : 160)} alt={alt} width={size} height={size} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5', display: 'block' }} />;
}
