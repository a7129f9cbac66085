import { type AdminCoupon, adminCouponCreateRequest, COUPON_AUDIENCES, COUPON_DISTRIBUTIONS, COUPON_KINDS, type CouponAudience, type CouponDistribution, type CouponKind, type Currency } from '@simshop/contract';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useCouponProducts } from '../api/coupon-queries';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupon-write';
import { zodRules } from '@/lib/zod-rules';

const KINDS = ['sim', 'esim', 'recharge', 'ecode', 'service'] as const;

interface Values {
  nameEn: string;
  nameZh: string;
  kind: CouponKind;
  /** Major units for an amount off, the percentage for a percentage. */
  value: number | null;
  maxDiscount: number | null;
  currency: Currency;
  minSpend: number | null;
  startsAt: Dayjs;
  endsAt: Dayjs | null;
  productKinds: string[];
  productIds: number[];
  audience: CouponAudience;
  maxUses: number | null;
  perCustomer: number;
  withWholesale: boolean;
  distribution: CouponDistribution;
  code: string;
}

const toMinor = (major: number | null | undefined) => (major === null || major === undefined ? null : Math.round(major * 100));
const toMajor = (minor: number | null) => (minor === null ? null : minor / 100);

/** Creates a coupon, or edits one (its way of reaching customers stays as created). */
export function CouponForm({ coupon, open, onClose }: { coupon: AdminCoupon | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const outcome = useFormOutcome(form);
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const kind = Form.useWatch('kind', form);
  const distribution = Form.useWatch('distribution', form);
  const currency = Form.useWatch('currency', form);
  const products = useCouponProducts(open);
  const zh = i18n.language === 'zh-Hans';

  const initial = (): Partial<Values> =>
    coupon
      ? {
          ...coupon,
          value: coupon.kind === 'fixed' ? toMajor(coupon.value) : coupon.value,
          maxDiscount: toMajor(coupon.maxDiscount),
          minSpend: toMajor(coupon.minSpend),
          startsAt: dayjs(coupon.startsAt),
          endsAt: coupon.endsAt ? dayjs(coupon.endsAt) : null,
          code: coupon.code ?? '',
        }
      : { kind: 'fixed', currency: 'USD', audience: 'both', perCustomer: 1, withWholesale: false, distribution: 'claim', startsAt: dayjs().startOf('minute'), productKinds: [], productIds: [], minSpend: 0 };

  const save = (v: Values) => {
    const rules = {
      nameEn: v.nameEn,
      nameZh: v.nameZh,
      kind: v.kind,
      value: v.kind === 'fixed' ? (toMinor(v.value) ?? 0) : v.kind === 'percent' ? (v.value ?? 0) : 0,
      maxDiscount: v.kind === 'percent' ? toMinor(v.maxDiscount) : null,
      currency: v.currency,
      minSpend: toMinor(v.minSpend) ?? 0,
      startsAt: v.startsAt.valueOf(),
      endsAt: v.endsAt ? v.endsAt.valueOf() : null,
      productKinds: v.productKinds as AdminCoupon['productKinds'],
      productIds: v.productIds,
      audience: v.audience,
      maxUses: v.maxUses ?? null,
      perCustomer: v.perCustomer,
      withWholesale: v.withWholesale,
      code: (coupon?.distribution ?? v.distribution) === 'code' ? v.code : null,
    };
    const done = outcome(t('console.saved'), onClose);
    if (coupon) update.mutate({ id: coupon.id, version: coupon.version, ...rules }, done);
    else create.mutate({ ...rules, distribution: v.distribution }, done);
  };

  // The coupon's values (or a new one's defaults) as the dialog opens: set at once, not once its
  // opening motion has ended, which overwrote what a quick hand had already typed or chosen.
  useEffect(() => {
    if (open) form.setFieldsValue(initial() as Values);
  }, [open, coupon]);

  const rules = zodRules(adminCouponCreateRequest, t);
  // The form always sends these, so a cleared one is missing even where the request has a default.
  const sent = { required: true };
  return (
    <Modal
      open={open}
      width={720}
      title={t(coupon ? 'coupons.edit' : 'coupons.add')}
      okText={t(coupon ? 'console.save' : 'console.create')}
      cancelText={t('console.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} initialValues={initial()}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="nameEn" label={t('coupons.name.en')} rules={rules('nameEn')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nameZh" label={t('coupons.name.zh')} rules={rules('nameZh')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="distribution" label={t('coupons.distribution')} extra={coupon ? t('coupons.distribution.fixed') : undefined}>
          <Radio.Group disabled={!!coupon} options={COUPON_DISTRIBUTIONS.map((d) => ({ value: d, label: t(`coupons.distribution.${d}`) }))} />
        </Form.Item>
        {(coupon?.distribution ?? distribution) === 'code' ? (
          <Form.Item name="code" label={t('coupons.code')} rules={rules('code', sent)} normalize={(v: string) => v.toUpperCase()}>
            <Input maxLength={32} placeholder="TOKYO10" />
          </Form.Item>
        ) : null}
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="kind" label={t('coupons.kind')}>
              <Select options={COUPON_KINDS.map((k) => ({ value: k, label: t(`coupons.kind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency" label={t('coupons.currency')}>
              <Select options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          {kind !== 'free_shipping' ? (
            <Col span={8}>
              <Form.Item name="value" label={t(kind === 'percent' ? 'coupons.value.percent' : 'coupons.value.fixed')} rules={rules('value', { toWire: (v) => (kind === 'fixed' ? toMinor(Number(v)) : v) })}>
                <InputNumber min={kind === 'percent' ? 1 : 0.01} max={kind === 'percent' ? 100 : 1_000_000} precision={kind === 'percent' ? 0 : 2} suffix={kind === 'percent' ? '%' : currency} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        <Row gutter={12}>
          {kind === 'percent' ? (
            <Col span={12}>
              <Form.Item name="maxDiscount" label={t('coupons.max-discount')} rules={rules('maxDiscount', { toWire: (v) => toMinor(Number(v)) })}>
                <InputNumber min={0.01} precision={2} suffix={currency} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
          <Col span={12}>
            <Form.Item name="minSpend" label={t('coupons.min-spend')} rules={rules('minSpend', { toWire: (v) => toMinor(Number(v)) })}>
              <InputNumber min={0} precision={2} suffix={currency} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="startsAt" label={t('coupons.starts')} rules={rules('startsAt', { toWire: (v) => (v as Dayjs).valueOf() })}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endsAt" label={t('coupons.ends')} rules={rules('endsAt', { toWire: (v) => (v as Dayjs).valueOf() })}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="productKinds" label={t('coupons.kinds')} extra={t('coupons.kinds.help')}>
              <Select mode="multiple" allowClear options={KINDS.map((k) => ({ value: k, label: t(`catalogue.kind.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="productIds" label={t('coupons.products')} extra={t('coupons.products.help')}>
              <Select mode="multiple" allowClear optionFilterProp="label" loading={products.isPending} options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: zh && p.name.zh ? p.name.zh : p.name.en }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="audience" label={t('coupons.audience')}>
              <Select options={COUPON_AUDIENCES.map((a) => ({ value: a, label: t(`coupons.audience.${a}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="maxUses" label={t('coupons.max-uses')} extra={t('coupons.max-uses.help')} rules={rules('maxUses')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="perCustomer" label={t('coupons.per-customer')} rules={rules('perCustomer', sent)}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="withWholesale" label={t('coupons.with-wholesale')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
