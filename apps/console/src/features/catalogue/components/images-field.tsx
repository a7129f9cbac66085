import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { mediaImageEntry, PRODUCT_IMAGE_TYPES, PRODUCT_IMAGES_MAX, parseImageString } from '@simshop/contract';
import { App, Button, Flex, Image, Tooltip, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaLibraryDialog } from '@/components/media-picker/media-library-dialog';
import { runtime } from '@/config/runtime';
import { checkImageFile, IMAGE_MAX_MB } from '@/lib/image-file-check';
import { errorText } from '@/lib/form-errors';
import { useUploadProductImage } from '../api/product-image-upload';

/** Where an image entry (`demo/x.svg`, `products/<id>`, or an address) is shown from. */
export const imageSrc = (entry: string) => parseImageString(entry, runtime.staticHost)[0];

/**
 * The product's images in the order the shop shows them (the first is the list picture):
 * previews, moving one earlier or later, removing, uploading new ones, and adding one from the
 * media library (as `media/<key>`: the shop gets it at the size and format it needs).
 */
export function ImagesField({ value = [], onChange, productName }: { value?: string[]; onChange?: (next: string[]) => void; productName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadProductImage();
  const [library, setLibrary] = useState(false);
  // Several files may finish before the form re-renders: each adds to the latest list.
  const valueRef = useRef(value);
  valueRef.current = value;
  const set = (next: string[]) => onChange?.(next);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  const maxMb = IMAGE_MAX_MB;

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={12} data-testid="product-images">
        {value.map((entry, i) => (
          <Flex key={`${entry}-${i}`} vertical gap={4} align="center" style={{ width: 120, padding: 8, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa' }}>
            <Image src={imageSrc(entry)} width={100} height={100} style={{ objectFit: 'contain' }} alt={t('catalogue.images.alt', { name: productName, n: i + 1 })} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {i === 0 ? t('catalogue.images.cover') : `#${i + 1}`}
            </Typography.Text>
            <Flex gap={2}>
              <Tooltip title={t('catalogue.images.earlier')}>
                <Button size="small" type="text" icon={<ArrowLeftOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`${t('catalogue.images.earlier')} #${i + 1}`} />
              </Tooltip>
              <Tooltip title={t('catalogue.images.later')}>
                <Button size="small" type="text" icon={<ArrowRightOutlined />} disabled={i === value.length - 1} onClick={() => move(i, i + 1)} aria-label={`${t('catalogue.images.later')} #${i + 1}`} />
              </Tooltip>
              <Tooltip title={t('console.delete')}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => set(value.filter((_, j) => j !== i))} aria-label={`${t('console.delete')} #${i + 1}`} />
              </Tooltip>
            </Flex>
          </Flex>
        ))}
        {value.length === 0 ? <Typography.Text type="secondary">{t('catalogue.images.none')}</Typography.Text> : null}
      </Flex>
      <Flex align="center" gap={12} wrap>
        <Upload
          accept={PRODUCT_IMAGE_TYPES.join(',')}
          showUploadList={false}
          multiple
          disabled={value.length >= PRODUCT_IMAGES_MAX}
          beforeUpload={checkImageFile(() => void message.error(t('res.image.invalid', { maxMb })))}
          customRequest={({ file, onSuccess, onError }) => {
            upload.mutate(file as Blob, {
              onSuccess: (r) => {
                valueRef.current = [...valueRef.current, r.image];
                onChange?.(valueRef.current);
                onSuccess?.(r);
              },
              onError: (e) => {
                void message.error(errorText(e, t));
                onError?.(e instanceof Error ? e : new Error(String(e)));
              },
            });
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={value.length >= PRODUCT_IMAGES_MAX}>
            {t('catalogue.images.upload')}
          </Button>
        </Upload>
        <Button icon={<PictureOutlined />} onClick={() => setLibrary(true)} disabled={value.length >= PRODUCT_IMAGES_MAX}>
          {t('media.pick.choose')}
        </Button>
        <Typography.Text type="secondary">{t('catalogue.images.help', { maxMb, max: PRODUCT_IMAGES_MAX })}</Typography.Text>
      </Flex>
      <MediaLibraryDialog
        open={library}
        onClose={() => setLibrary(false)}
        onPick={(media) => {
          setLibrary(false);
          set([...value, mediaImageEntry(media.key)]);
        }}
      />
    </Flex>
  );
}
