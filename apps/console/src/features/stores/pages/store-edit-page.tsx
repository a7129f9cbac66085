import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Col, Form, Input, InputNumber, Result, Row, Skeleton, Space, Tag } from 'antd';
import { type AdminStore, adminStoreCreateRequest, serverErrors, STORE_SERVICES, type StoreService, WEEKDAYS, type WeeklyHours } from '@simshop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { MediaPicker } from '@/components/media-picker/media-picker';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { errorText, showFieldError } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useCreateStore } from '../api/store-create';
import { useStore } from '../api/store-get';
import { useSetStoreActive } from '../api/store-set-active';
import { useUpdateStore } from '../api/store-update';
import { textToDay, weekToTexts } from '../components/hours-text';
import { zodRules } from '@/lib/zod-rules';

interface Bi {
  en: string;
  zh: string;
}
interface StoreFormValues {
  name: Bi;
  address: Bi;
  city: Bi;
  phone: string;
  timeZone: string;
  lat: number;
  lng: number;
  services: StoreService[];
  sort: number;
  /** One text per weekday, Monday first. */
  hours: string[];
  /** A media library picture (`media:<key>`); null: none. */
  picture: string | null;
}

const blank = (): StoreFormValues => ({ name: { en: '', zh: '' }, address: { en: '', zh: '' }, city: { en: '', zh: '' }, phone: '', timeZone: 'Asia/Shanghai', lat: 0, lng: 0, services: ['sim_sales'], sort: 0, picture: null, hours: ['09:00-18:00', '09:00-18:00', '09:00-18:00', '09:00-18:00', '09:00-18:00', '', ''] });

/** The store's picture from the media library, as every image field of the console picks one (4:3, as the shop's store cards draw it). */
function StorePicture({ value, onChange, disabled }: { value?: string | null; onChange?: (v: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return <MediaPicker label={t('stores.picture')} ratio="4:3" allowClear disabled={disabled} value={value ?? ''} onChange={(v) => onChange?.(v === '' ? null : v)} />;
}

/**
 * The services' checkboxes: a group named by its label. The form item's required rule adds
 * aria-required, which a group may not carry (axe: aria-allowed-attr); each checkbox says itself.
 */
function ServicesField({ label, 'aria-required': _required, ...props }: React.ComponentProps<typeof Checkbox.Group<StoreService>> & { label: string; 'aria-required'?: unknown }) {
  return <Checkbox.Group<StoreService> {...props} aria-label={label} />;
}

/** Adds a store (`stores/new`) or edits one (`stores/:id`). */
export default function StoreEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id === 'new' ? null : Number(params.id);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const store = useStore(valid ? id : null);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/stores')}>
      {t('stores.back')}
    </Button>
  );
  if (!valid || (store.error instanceof ApiError && store.error.code === serverErrors.notFound.code)) return <Result status="404" title={t('stores.not-found')} extra={back} />;
  if (store.isError) return <QueryError error={store.error} onRetry={() => void store.refetch()} />;
  if (id !== null && !store.data) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <StoreEditor key={store.data ? `${store.data.id}:${store.data.version}` : 'new'} store={store.data ?? null} back={back} />;
}

function StoreEditor({ store, back }: { store: AdminStore | null; back: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const canWrite = useCan()('content.write');
  const [form] = Form.useForm<StoreFormValues>();
  const [dirty, setDirty] = useState(false);
  const create = useCreateStore();
  const update = useUpdateStore();
  const setActive = useSetStoreActive();

  const initial: StoreFormValues = store ? { ...store, hours: weekToTexts(store.hours) } : blank();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === serverErrors.changedBySomeoneElse.code) {
      modal.error({ title: t('stores.conflict'), content: errorText(error, t) });
      return;
    }
    // The server names an opening (`hours.2.0.open`); the form has one field per day.
    if (error instanceof ApiError && error.field?.startsWith('hours.')) {
      const day = Number(error.field.split('.')[1]);
      form.setFields([{ name: ['hours', day], errors: [errorText(error, t)] }]);
      return;
    }
    if (!showFieldError(form, error, t)) void message.error(errorText(error, t));
  };

  const submit = (v: StoreFormValues) => {
    const hours = v.hours.map((d) => textToDay(d ?? '') ?? []) as WeeklyHours;
    const input = { name: v.name, address: v.address, city: v.city, phone: v.phone.trim(), timeZone: v.timeZone.trim(), lat: v.lat, lng: v.lng, services: v.services, sort: v.sort ?? 0, picture: v.picture ?? null, hours };
    if (!store) {
      create.mutate(input, {
        onSuccess: (created) => {
          void message.success(t('stores.created'));
          navigate(`/stores/${created.id}`, { replace: true });
        },
        onError: failed,
      });
      return;
    }
    update.mutate({ id: store.id, version: store.version, ...input }, { onSuccess: () => void message.success(t('console.saved')), onError: failed });
  };

  const toggleActive = () => {
    if (!store) return;
    if (dirty) {
      void message.warning(t('stores.close.unsaved'));
      return;
    }
    setActive.mutate({ id: store.id, version: store.version, active: !store.active }, { onSuccess: (s) => void message.success(t(s.active ? 'stores.now-open' : 'stores.now-closed')), onError: failed });
  };

  const rules = zodRules(adminStoreCreateRequest, t);
  const bilingual = (name: 'name' | 'address' | 'city') => (
    <Row gutter={16}>
      {(['en', 'zh'] as const).map((l) => (
        <Col span={12} key={l}>
          <Form.Item name={[name, l]} label={`${t(`stores.${name}`)} · ${t(`stores.lang.${l}`)}`} rules={rules(`${name}.${l}`)}>
            <Input />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );

  return (
    <>
      <PageHeader
        title={store ? t('stores.edit', { name: i18n.language === 'zh-Hans' ? store.name.zh : store.name.en }) : t('stores.new')}
        subtitle={
          store ? (
            <>
              {t('stores.updated')}: <DateTime value={store.updatedAt} /> · <Tag color={store.active ? 'green' : undefined}>{t(store.active ? 'stores.active' : 'stores.inactive')}</Tag>
            </>
          ) : (
            t('stores.new.subtitle')
          )
        }
        extra={
          <Space>
            {back}
            {canWrite && store ? (
              <Button danger={store.active} loading={setActive.isPending} onClick={toggleActive}>
                {t(store.active ? 'stores.close' : 'stores.reopen')}
              </Button>
            ) : null}
            {canWrite ? (
              <Button type="primary" loading={create.isPending || update.isPending} disabled={store !== null && !dirty} onClick={() => form.submit()}>
                {store ? t('console.save') : t('console.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Form<StoreFormValues> form={form} layout="vertical" initialValues={initial} disabled={!canWrite} requiredMark={false} onValuesChange={() => setDirty(true)} onFinish={submit} onFinishFailed={() => void message.error(t('stores.form.invalid'))}>
        <Row gutter={16}>
          <Col span={14}>
            <Card size="small" style={{ marginBottom: 16 }}>
              {bilingual('name')}
              {bilingual('address')}
              {bilingual('city')}
              <Row gutter={16}>
                <Col span={8}>
                  <Form.Item name="phone" label={t('stores.phone')} rules={rules('phone', { message: t('stores.phone.invalid') })}>
                    <Input placeholder="+86 21 0000 0000" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="lat" label={t('stores.lat')} extra={t('stores.coords.hint')} rules={rules('lat', { message: '-90 … 90' })}>
                    <InputNumber style={{ width: '100%' }} step={0.0001} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="lng" label={t('stores.lng')} rules={rules('lng', { message: '-180 … 180' })}>
                    <InputNumber style={{ width: '100%' }} step={0.0001} />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={16}>
                <Col span={16}>
                  <Form.Item name="services" label={t('stores.services')} rules={rules('services')}>
                    <ServicesField label={t('stores.services')} options={STORE_SERVICES.map((s) => ({ value: s, label: t(`stores.service.${s}`) }))} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="sort" label={t('stores.sort')} extra={t('stores.sort.hint')} rules={rules('sort')}>
                    <InputNumber precision={0} min={-100000} max={100000} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="picture" label={t('stores.picture')} extra={t('stores.picture.hint')}>
                <StorePicture disabled={!canWrite} />
              </Form.Item>
            </Card>
          </Col>
          <Col span={10}>
            <Card size="small" title={t('stores.hours')}>
              <Form.Item name="timeZone" label={t('stores.time-zone')} extra={t('stores.time-zone.hint')} rules={rules('timeZone', { message: t('stores.time-zone.invalid') })}>
                <Input placeholder="Asia/Shanghai" />
              </Form.Item>
              {WEEKDAYS.map((d, i) => (
                <Form.Item
                  key={d}
                  name={['hours', i]}
                  label={t(`stores.day.${d}`)}
                  // A day is typed as text ("09:00-18:00, …") that textToDay turns into the request's openings: its parse is the check.
                  rules={[{ validator: async (_, v: string | undefined) => (textToDay(v ?? '') ? undefined : Promise.reject(new Error(t('stores.hours.invalid')))) }]}
                  style={{ marginBottom: 8 }}
                >
                  <Input placeholder={t('stores.closed-day')} />
                </Form.Item>
              ))}
              <p style={{ color: 'rgba(0,0,0,0.55)', margin: 0 }}>{t('stores.hours.hint')}</p>
            </Card>
          </Col>
        </Row>
      </Form>
    </>
  );
}
