import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import type { ContentLanguage } from '@simshop/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/query-error';
import { runtime } from '@/config/runtime';
import { useHomePreview } from '../api/home-preview';

/** A phone's width, as the shop is laid out for (DESIGN §7). */
const PHONE = { width: 390, height: 720 };

/** True when the frame shows no page of ours: the shop refused to be framed (X-Frame-Options / CSP). */
function frameBlocked(frame: HTMLIFrameElement): boolean {
  try {
    const doc = frame.contentDocument;
    return !doc || doc.location.href === 'about:blank';
  } catch {
    return true;
  }
}

/**
 * The shop itself rendering the saved draft at a phone's width: the shop's home page takes the
 * preview token and shows the draft, with product links resolved as customers will get them.
 * Shown in a frame beside the editor, or in a phone-sized window of its own (also the way when
 * the server does not let the shop be framed).
 */
export function PhonePreview({ lang, version, dirty }: { lang: ContentLanguage; version: string; dirty: boolean }) {
  const { t } = useTranslation();
  const preview = useHomePreview(lang);
  const [blocked, setBlocked] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = preview.data ? `${runtime.shopBase}/?preview=${encodeURIComponent(preview.data.token)}&lang=${lang}` : null;
  // A frame the browser refuses (the console's or the shop's security policy) never fires load: look again after a while.
  useEffect(() => {
    if (!src) return;
    const timer = setTimeout(() => {
      if (frame.current) setBlocked(frameBlocked(frame.current));
    }, 4000);
    return () => clearTimeout(timer);
  }, [src, version]);
  const openWindow = () => {
    if (src) window.open(src, 'simshop-preview', `popup,width=${PHONE.width},height=844`);
  };
  return (
    <Card
      size="small"
      title={t('content.preview')}
      extra={
        <Space size={4}>
          <Button size="small" type="text" icon={<ExportOutlined />} disabled={!src} onClick={openWindow}>
            {t('content.preview.window')}
          </Button>
          <Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('content.preview.reload')} onClick={() => void preview.refetch()} />
        </Space>
      }
      styles={{ body: { padding: 12 } }}
    >
      {dirty ? <Alert type="info" showIcon title={t('content.preview.unsaved')} style={{ marginBottom: 12 }} /> : null}
      {preview.isError ? (
        <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !src ? (
        <Flex justify="center" align="center" style={{ height: PHONE.height }}>
          <Spin />
        </Flex>
      ) : (
        <>
          {blocked ? (
            <Alert
              type="warning"
              showIcon
              title={t('content.preview.blocked')}
              action={
                <Button size="small" onClick={openWindow}>
                  {t('content.preview.window')}
                </Button>
              }
            />
          ) : null}
          <Flex justify="center" style={blocked ? { display: 'none' } : undefined}>
            <iframe
              // A new key reloads the page after each save.
              key={`${src}#${version}`}
              ref={frame}
              title={t('content.preview.frame')}
              src={src}
              width={PHONE.width}
              height={PHONE.height}
              onLoad={(e) => setBlocked(frameBlocked(e.currentTarget))}
              style={{ border: '8px solid #1f1f1f', borderRadius: 28, background: '#fff', maxWidth: '100%' }}
            />
          </Flex>
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12, textAlign: 'center' }}>
        {t('content.preview.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
