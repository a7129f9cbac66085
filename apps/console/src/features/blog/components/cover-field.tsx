import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Select, Typography, Upload } from 'antd';
import { PRODUCT_IMAGE_TYPES, SHOP_BLOG_COVERS, parseImageString, shopBlogCover } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { runtime } from '@/config/runtime';
import { errorText } from '@/lib/form-errors';
import { checkImageFile, IMAGE_MAX_MB } from '@/lib/image-file-check';
import { useCan } from '@/lib/staff-session';
import { useUploadCover } from '../api/cover-upload';

const NONE = '';

export const coverSrc = (cover: string | null | undefined) => (cover ? parseImageString(cover, runtime.staticHost)[0] : undefined);

/**
 * A post's cover: none, one of the shop's pictures, or an uploaded one (stored like product
 * images; uploading needs the catalogue permission the image store asks for).
 */
export function CoverField({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canUpload = useCan()('catalogue.write');
  const upload = useUploadCover();
  // A post written when the shop's covers were SVG shows (and saves) the same cover as WebP.
  const cover = value ? (shopBlogCover(value) ?? value) : value;
  const src = coverSrc(cover);
  const options = [
    { value: NONE, label: t('blog.cover.none') },
    ...SHOP_BLOG_COVERS.map((c) => ({ value: c, label: t('blog.cover.shop', { name: c.slice('blog:'.length, -'.webp'.length) }) })),
    ...(cover && !shopBlogCover(cover) ? [{ value: cover, label: t('blog.cover.uploaded') }] : []),
  ];
  return (
    <Flex gap={12} align="flex-start" wrap>
      {src ? <img src={src} alt="" width={150} height={80} style={{ objectFit: 'cover', borderRadius: 6, background: '#fafafa' }} /> : null}
      <Flex vertical gap={8}>
        <Select aria-label={t('blog.cover')} style={{ width: 260 }} disabled={disabled} value={cover ?? NONE} options={options} onChange={(v: string) => onChange?.(v === NONE ? null : v)} />
        {canUpload && !disabled ? (
          <Upload
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={checkImageFile(() => void message.error(t('res.image.invalid', { maxMb: IMAGE_MAX_MB })))}
            customRequest={({ file, onSuccess, onError }) => {
              upload.mutate(file as Blob, {
                onSuccess: (r) => {
                  onChange?.(r.image);
                  onSuccess?.(r);
                },
                onError: (e) => {
                  void message.error(errorText(e, t));
                  onError?.(e instanceof Error ? e : new Error(String(e)));
                },
              });
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('blog.cover.upload')}
            </Button>
          </Upload>
        ) : null}
        <Typography.Text type="secondary">{t('blog.cover.help', { maxMb: IMAGE_MAX_MB })}</Typography.Text>
      </Flex>
    </Flex>
  );
}
