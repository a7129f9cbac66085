import { SHOP_BLOG_COVERS, parseImageString, shopBlogCover } from '@simshop/contract';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { runtime } from '@/config/runtime';
import { MediaPicker } from '@/components/media-picker/media-picker';

export const coverSrc = (cover: string | null | undefined) => (cover ? parseImageString(cover, runtime.staticHost)[0] : undefined);

/**
 * A post's cover: a picture of the media library (picked or uploaded there, as every image field
 * of the console), or one of the shop's own covers; none when removed. Covers uploaded before the
 * library (`products/<file id>`) still show and save as they are.
 */
export function CoverField({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  // A post written when the shop's covers were SVG shows (and saves) the same cover as WebP.
  const cover = value ? (shopBlogCover(value) ?? value) : value;
  const shopCover = cover && shopBlogCover(cover) ? cover : undefined;
  return (
    <Flex vertical gap={8}>
      {/* The shop draws covers at about 15:8; the library's nearest crop is 16:9. */}
      <MediaPicker label={t('blog.cover')} ratio="16:9" allowClear disabled={disabled} value={cover ?? ''} onChange={(v) => onChange?.(v === '' ? null : v)} />
      <Select
        aria-label={t('blog.cover.shop-pick')}
        placeholder={t('blog.cover.shop-pick')}
        style={{ width: 260 }}
        disabled={disabled}
        value={shopCover}
        options={SHOP_BLOG_COVERS.map((c) => ({ value: c, label: t('blog.cover.shop', { name: c.slice('blog:'.length, -'.webp'.length) }) }))}
        onChange={(v: string) => onChange?.(v)}
      />
    </Flex>
  );
}
