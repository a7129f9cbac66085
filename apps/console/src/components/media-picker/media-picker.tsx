import { PictureOutlined } from '@ant-design/icons';
import { firstImageUrl, mediaKeysOf, mediaUrl, type MediaRatio } from '@simshop/contract';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtime } from '@/config/runtime';
import { MediaLibraryDialog } from './media-library-dialog';

/**
 * One image field's control, for every image field of the console: what the field shows now (as
 * the shop draws it, cropped to the slot) and a button opening the media library to pick or
 * upload another. The value is an image string; a picked picture is `media:<key>`. Made for
 * Form.Item (value and onChange).
 */
export function MediaPicker({ value, onChange, ratio, label, disabled, allowClear }: { value?: string; onChange?: (value: string) => void; ratio?: MediaRatio | undefined; label: string; disabled?: boolean; allowClear?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const key = mediaKeysOf(value)[0];
  const src = key ? mediaUrl(key, 320, 'webp', ratio) : firstImageUrl(value, runtime.staticHost);
  const [w, h] = (ratio ?? '1:1').split(':').map(Number) as [number, number];
  const width = 160;
  return (
    <Flex gap={12} align="center">
      {src ? (
        <img src={src} alt="" width={width} height={Math.round((width * h) / w)} style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }} />
      ) : (
        <Flex align="center" justify="center" style={{ width, height: Math.round((width * h) / w), background: '#f5f5f5', borderRadius: 4 }}>
          <PictureOutlined style={{ fontSize: 28, color: '#8c8c8c' }} aria-hidden />
        </Flex>
      )}
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Button onClick={() => setOpen(true)} disabled={disabled} aria-label={`${value ? t('media.pick.change') : t('media.pick.choose')}: ${label}`}>
          {value ? t('media.pick.change') : t('media.pick.choose')}
        </Button>
        {allowClear && value ? (
          <Button type="link" size="small" onClick={() => onChange?.('')} disabled={disabled} aria-label={`${t('media.pick.remove')}: ${label}`} style={{ padding: 0, alignSelf: 'flex-start' }}>
            {t('media.pick.remove')}
          </Button>
        ) : null}
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }} title={value}>
          {value || t('media.pick.none')}
        </Typography.Text>
      </Flex>
      <MediaLibraryDialog
        open={open}
        ratio={ratio}
        onClose={() => setOpen(false)}
        onPick={(media) => {
          onChange?.(media.image);
          setOpen(false);
        }}
      />
    </Flex>
  );
}
