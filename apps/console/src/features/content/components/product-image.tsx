import { PictureOutlined } from '@ant-design/icons';
import { parseImageString } from '@simshop/contract';
import { runtime } from '@/config/runtime';

/** The first picture of an image string (`folder:a.png,b.png` or an address), as the shop would show it. */
export function imageSrc(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/^(https?:|data:|\/)/i.test(image)) return image;
  return parseImageString(image, runtime.staticHost)[0];
}

export function ProductImage({ image, size = 40, alt = '' }: { image: string | null | undefined; size?: number; alt?: string }) {
  const src = imageSrc(image);
  if (!src) return <PictureOutlined style={{ fontSize: size * 0.6, color: '#8c8c8c', width: size, textAlign: 'center' }} aria-hidden />;
  return <img src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5', flex: 'none' }} />;
}
