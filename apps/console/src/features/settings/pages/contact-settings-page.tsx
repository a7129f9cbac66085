import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { contactChannelsInput, PRODUCT_IMAGE_TYPES, type AdminContactSettings, type ContactChannelsInput } from '@simshop/contract';
import { App, Button, Card, Checkbox, Col, Flex, Form, Image, Input, Row, Skeleton, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { runtime } from '@/config/runtime';
import { checkImageFile, IMAGE_MAX_MB } from '@/lib/image-file-check';
import { errorText, useFormOutcome } from '@/lib/form-errors';
import { useContactSettings, useSaveContact } from '../api/contact';
import { useUploadQr } from '../api/qr-upload';
import { SaveBar } from '../components/save-bar';

type Values = { contact: ContactChannelsInput };
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
type FieldName = Parameters<ReturnType<typeof Form.useForm<Values>>[0]['getFieldError']>[0];

/** The saved channels as the form edits them: empty strings for channels not shown. */
function toValues(s: AdminContactSettings): Values {
  return {
    contact: {
      phone: s.phone ?? '',
      email: s.email ?? '',
      wechatId: s.wechatId ?? '',
      wechatQr: s.wechatQr ?? '',
      addressEn: s.addressEn ?? '',
      addressZh: s.addressZh ?? '',
      mapUrl: s.mapUrl ?? '',
      hours: s.hours,
    },
  };
}

/** Contact channels: the owner sets what "Contact us" shows; checked with the contract's rules before saving. */
export default function ContactSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useContactSettings();
  const save = useSaveContact();
  const upload = useUploadQr();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const qr = Form.useWatch(['contact', 'wechatQr'], form);
  const settings = query.data;

  useEffect(() => {
    if (!settings) return;
    form.setFieldsValue(toValues(settings));
    setQrUrl(settings.wechatQrUrl);
  }, [settings, form]);

  const submit = (values: Values) => {
    if (!settings) return;
    const parsed = contactChannelsInput.safeParse(values.contact);
    if (!parsed.success) {
      // The same rules the server applies, shown by each field at once.
      // The field itself (hours.days.0 is the days field), named as the form names it.
      const fields = parsed.error.issues.map((issue) => ({ name: ['contact', ...issue.path.filter((p): p is string | number => typeof p !== 'symbol').slice(0, 2)] as FieldName, errors: [t(issue.message)] }));
      form.setFields(fields);
      return;
    }
    save.mutate(
      { version: settings.updatedAt, contact: values.contact },
      outcome(t('settings.contact.saved')),
    );
  };
  const maxMb = IMAGE_MAX_MB;

  return (
    <>
      <PageHeader
        title={t('settings.contact.title')}
        subtitle={t('settings.contact.subtitle')}
        extra={
          <Typography.Link href={`${runtime.shopBase}/pages/mine/contact/contact`} target="_blank" rel="noopener noreferrer">
            {t('settings.contact.preview')}
          </Typography.Link>
        }
      />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {!settings && !query.isError ? <Skeleton active /> : null}
      {settings ? (
        <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 1100 }}>
          <Row gutter={16}>
            <Col xs={24} xl={12}>
              <Card title={t('settings.contact.channels')} style={{ marginBottom: 16 }}>
                <Form.Item name={['contact', 'phone']} label={t('settings.contact.phone')} extra={t('settings.contact.phone.help')}>
                  <Input inputMode="tel" autoComplete="off" />
                </Form.Item>
                <Form.Item name={['contact', 'email']} label={t('settings.contact.email')}>
                  <Input inputMode="email" autoComplete="off" />
                </Form.Item>
                <Form.Item name={['contact', 'addressEn']} label={t('settings.contact.address-en')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} />
                </Form.Item>
                <Form.Item name={['contact', 'addressZh']} label={t('settings.contact.address-zh')}>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} />
                </Form.Item>
                <Form.Item name={['contact', 'mapUrl']} label={t('settings.contact.map-url')} extra={t('settings.contact.map-url.help')}>
                  <Input inputMode="url" placeholder="https://" />
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('settings.contact.wechat')} style={{ marginBottom: 16 }}>
                <Form.Item name={['contact', 'wechatId']} label={t('settings.contact.wechat-id')}>
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item name={['contact', 'wechatQr']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item label={t('settings.contact.wechat-qr')} extra={t('settings.contact.wechat-qr.help')} validateStatus={form.getFieldError(['contact', 'wechatQr']).length ? 'error' : undefined} help={form.getFieldError(['contact', 'wechatQr'])[0]}>
                  <Flex gap={16} align="center" wrap>
                    {qr && qrUrl ? <Image src={qrUrl} width={120} height={120} style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }} alt={t('settings.contact.wechat-qr.alt')} /> : null}
                    <Flex vertical gap={8}>
                      <Upload
                        accept={PRODUCT_IMAGE_TYPES.join(',')}
                        showUploadList={false}
                        beforeUpload={checkImageFile(() => void message.error(t('res.image.invalid', { maxMb })))}
                        customRequest={({ file, onSuccess, onError }) => {
                          upload.mutate(file as Blob, {
                            onSuccess: (r) => {
                              form.setFields([{ name: ['contact', 'wechatQr'], value: r.image, errors: [] }]);
                              setQrUrl(r.url);
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
                          {t(qr ? 'settings.contact.wechat-qr.replace' : 'settings.contact.wechat-qr.upload')}
                        </Button>
                      </Upload>
                      {qr ? (
                        <Button icon={<DeleteOutlined />} danger onClick={() => form.setFieldValue(['contact', 'wechatQr'], '')}>
                          {t('settings.contact.wechat-qr.remove')}
                        </Button>
                      ) : null}
                    </Flex>
                  </Flex>
                </Form.Item>
              </Card>
              <Card title={t('settings.contact.hours')} style={{ marginBottom: 16 }}>
                <Form.Item name={['contact', 'hours', 'days']} label={t('settings.contact.days')}>
                  <Checkbox.Group options={DAYS.map((d) => ({ value: d, label: t(`settings.day.${d}`) }))} />
                </Form.Item>
                <Flex gap={16}>
                  <Form.Item name={['contact', 'hours', 'open']} label={t('settings.contact.open')} style={{ flex: 1 }}>
                    <Input placeholder="09:00" maxLength={5} />
                  </Form.Item>
                  <Form.Item name={['contact', 'hours', 'close']} label={t('settings.contact.close')} style={{ flex: 1 }}>
                    <Input placeholder="18:00" maxLength={5} />
                  </Form.Item>
                </Flex>
              </Card>
            </Col>
          </Row>
          <SaveBar label={t('settings.contact.save')} saving={save.isPending} updatedAt={settings.updatedAt} neverSaved={t('settings.contact.never-saved')} />
        </Form>
      ) : null}
    </>
  );
}
