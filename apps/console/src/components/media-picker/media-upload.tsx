import { InboxOutlined } from '@ant-design/icons';
import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_FORMATS, type AdminMedia, type MediaRatio } from '@simshop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Progress, Upload, type UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/form-errors';
import { endpointKey } from '@/lib/endpoint-query';
import { uploadMedia } from './media-api';

const ACCEPT = Object.keys(MEDIA_UPLOAD_FORMATS)
  .map((f) => `image/${f}`)
  .join(',');

/** Whether the browser can draw the file: only then is it cropped (else the server's refusal says why). */
async function croppable(file: File): Promise<boolean> {
  // An animated GIF would lose its frames on the canvas: it goes up whole, the shop crops it.
  if (file.type === 'image/gif' || file.size > MEDIA_MAX_BYTES) return false;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

const ratioNumber = (ratio: MediaRatio) => {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
};

/**
 * The library's upload: drag and drop, paste (Ctrl+V anywhere while it is shown) or the file
 * button, each cropped first to the slot's ratio when there is one (antd-img-crop), then sent with
 * its progress shown. A refusal is said in words, the server's (it decodes every upload).
 */
export function MediaUpload({ ratio, onUploaded }: { ratio?: MediaRatio | undefined; onUploaded: (media: AdminMedia) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const blob = file as File;
    setFailure(null);
    setProgress({ name: blob.name, percent: 0 });
    uploadMedia(blob, blob.name, { en: '', zh: '' }, (percent) => setProgress({ name: blob.name, percent }))
      .then((media) => {
        void queryClient.invalidateQueries({ queryKey: endpointKey('adminMedia') });
        onUploaded(media);
      })
      .catch((err: unknown) => setFailure(t('media.upload.failed', { reason: errorText(err, t) })))
      .finally(() => setProgress(null));
  };

  const dragger = (
    <Upload.Dragger accept={ACCEPT} multiple={false} showUploadList={false} pastable customRequest={customRequest} disabled={progress !== null} aria-label={t('media.upload.drop')}>
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <p className="ant-upload-text">{t('media.upload.drop')}</p>
      <p className="ant-upload-hint">{t('media.upload.types', { mb: MEDIA_MAX_BYTES / 1024 / 1024 })}</p>
    </Upload.Dragger>
  );

  return (
    <div>
      {ratio ? (
        <ImgCrop
          aspect={ratioNumber(ratio)}
          quality={0.92}
          showReset
          resetText={t('media.crop.reset')}
          modalTitle={t('media.crop.title', { ratio })}
          modalOk={t('media.crop.ok')}
          modalCancel={t('console.cancel')}
          modalWidth={720}
          beforeCrop={croppable}
        >
          {dragger}
        </ImgCrop>
      ) : (
        dragger
      )}
      {progress ? <Progress percent={progress.percent} size="small" status="active" aria-label={t('media.uploading', { name: progress.name })} format={(p) => `${t('media.uploading', { name: progress.name })} ${p}%`} /> : null}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginTop: 8 }} role="alert" /> : null}
    </div>
  );
}
