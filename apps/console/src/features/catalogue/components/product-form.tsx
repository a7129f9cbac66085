import { EditOutlined } from '@ant-design/icons';
import { hasAddonFamily, ItemInput, PRODUCT_IMAGES_MAX, ProductKind, isTravelPlanKind, type AdminProduct } from '@simshop/contract';
import { Card, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, Tag, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabelPicker } from '@/components/label-picker';
import { MerchantSelect } from '@/components/merchant-select';
import { ImagesField } from './images-field';
import type { ProductValues } from './product-values';
import { SkusField } from './skus-field';
import { SpecsField } from './specs-field';
import { TravelPlanCard } from './travel-plan-field';
import type { ReviewMarks } from '../templates/use-new-product-fill';

const KINDS = Object.values(ProductKind).filter((k) => k !== 'topup');
const INPUTS = Object.values(ItemInput);

/** A text in English and Chinese side by side. */
function Bilingual({ name, label, multiline, max, required, review }: { name: string; label: string; multiline?: boolean; max: number; required?: boolean; review?: 'en' | 'zh' | undefined }) {
  const { t } = useTranslation();
  const Field = multiline ? Input.TextArea : Input;
  const extra = multiline ? { autoSize: { minRows: 3, maxRows: 12 } } : {};
  return (
    <Row gutter={12}>
      {(['en', 'zh'] as const).map((lang) => (
        <Col span={12} key={lang}>
          <Form.Item
            name={[name, lang]}
            label={`${label} · ${t(`catalogue.lang.${lang}`)}`}
            required={required}
            // A copy of the other language, saved as it is unless the owner rewrites it.
            extra={review === lang ? <Tag icon={<EditOutlined />}>{t('catalogue.template.to-review', { from: t(`catalogue.lang.${lang === 'en' ? 'zh' : 'en'}`) })}</Tag> : undefined}
          >
            <Field maxLength={max} {...extra} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The product editor's fields, in the cards an owner works through: what it is, its texts in
 * both languages, images, a travel plan's destinations and facts (eSIMs and SIM cards),
 * specifications and SKUs, and the rules of selling it. The side column
 * holds its state in the shop and its rules of sale.
 */
export function ProductForm({ form, initial, existing, onFinish, marks = {}, onValuesChange }: { form: FormInstance<ProductValues>; initial: ProductValues; existing: AdminProduct | null; onFinish: (values: ProductValues) => void; marks?: ReviewMarks; onValuesChange?: (changed: Partial<ProductValues>, all: ProductValues) => void }) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form);
  const esimSource = Form.useWatch('esimSource', form);
  const name = Form.useWatch(['name', 'en'], form) ?? '';
  const currency = Form.useWatch('currency', form) ?? 'USD';

  return (
    <Form<ProductValues> form={form} layout="vertical" initialValues={initial} onFinish={onFinish} onValuesChange={onValuesChange} requiredMark scrollToFirstError={{ block: 'center' }}>
      <Form.Item name="id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <Flex vertical gap={16}>
            <Card title={t('catalogue.section.basics')}>
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item name="key" label={t('catalogue.key')} required tooltip={t('catalogue.key.help')} extra={existing ? t('catalogue.key.warn') : undefined}>
                    <Input maxLength={64} placeholder="asia-esim" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="kind" label={t('catalogue.kind')} required>
                    <Select options={KINDS.map((k) => ({ value: k, label: t(`catalogue.kind.${k}`) }))} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name="currency" label={t('catalogue.currency')} required>
                    <Select options={['USD', 'CNY'].map((c) => ({ value: c, label: c }))} />
                  </Form.Item>
                </Col>
              </Row>
              {kind === 'esim' ? (
                <Row gutter={12}>
                  <Col span={16}>
                    <Form.Item name="esimSource" label={t('catalogue.esim-source')}>
                      <Radio.Group
                        optionType="button"
                        options={[
                          { value: 'pool', label: t('catalogue.esim-source.pool') },
                          { value: 'smdp', label: t('catalogue.esim-source.smdp') },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  {esimSource === 'smdp' ? (
                    <Col span={8}>
                      <Form.Item name="profileType" label={t('catalogue.profile-type')}>
                        <Input maxLength={64} />
                      </Form.Item>
                    </Col>
                  ) : null}
                </Row>
              ) : null}
              {hasAddonFamily(kind) ? (
                // One key on the eSIM product and on the add-ons that fit its eSIMs: "Add data" lists those.
                <Form.Item name="addonFamily" label={t('catalogue.addon-family')} extra={t(kind === 'esim' ? 'catalogue.addon-family.help-esim' : 'catalogue.addon-family.help-addon')}>
                  <Input maxLength={40} placeholder="asia" style={{ maxWidth: 320 }} />
                </Form.Item>
              ) : null}
              <Bilingual name="name" label={t('catalogue.name')} max={100} required review={marks.name} />
              <Bilingual name="subtitle" label={t('catalogue.subtitle.field')} max={200} review={marks.subtitle} />
            </Card>

            <Card title={t('catalogue.section.images')}>
              <Form.Item name="images" style={{ margin: 0 }} extra={t('catalogue.images.order', { max: PRODUCT_IMAGES_MAX })}>
                <ImagesField productName={name} />
              </Form.Item>
            </Card>
            {kind && isTravelPlanKind(kind) ? <TravelPlanCard form={form} /> : null}
          </Flex>
        </Col>
        <Col xs={24} xl={7}>
          <Flex vertical gap={16}>
            <Card title={t('catalogue.section.state')}>
              <Form.Item name="onSale" label={t('catalogue.on-sale')} valuePropName="checked" extra={t('catalogue.on-sale.help')}>
                <Switch />
              </Form.Item>
              <Form.Item name="soldOut" label={t('catalogue.sold-out')} valuePropName="checked" extra={t('catalogue.sold-out.help')}>
                <Switch />
              </Form.Item>
              <Form.Item name="sort" label={t('catalogue.sort')} extra={t('catalogue.sort.help')}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Card>
            <Card title={t('catalogue.section.rules')}>
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item name="qtyMin" label={t('catalogue.qty-min')} required>
                    <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="qtyMax" label={t('catalogue.qty-max')} required>
                    <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="wholesaleMinQty" label={t('catalogue.wholesale-min')} extra={t('catalogue.wholesale-min.help')}>
                <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} placeholder="1" />
              </Form.Item>
              <Form.Item name="freight" label={t('catalogue.freight')}>
                <InputNumber min={0} max={1_000_000} precision={2} style={{ width: '100%' }} prefix={currency === 'CNY' ? '¥' : '$'} />
              </Form.Item>
              <Form.Item name="requiredInputs" label={t('catalogue.inputs')} extra={t('catalogue.inputs.help')}>
                <Select mode="multiple" allowClear options={INPUTS.map((i) => ({ value: i, label: t(`catalogue.input.${i}`) }))} placeholder={t('console.none')} />
              </Form.Item>
              <Form.Item name="labelIds" label={t('catalogue.labels')} extra={t('catalogue.labels.help')}>
                <LabelPicker />
              </Form.Item>
              <MerchantSelect name="merchantId" />
            </Card>
          </Flex>
        </Col>
      </Row>
      {/* SKUs and long texts need the whole width. */}
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <Card title={t('catalogue.section.skus')}>
          <Typography.Paragraph type="secondary">{t('catalogue.specs.help')}</Typography.Paragraph>
          <SpecsField form={form} />
          <div style={{ height: 16 }} />
          <SkusField form={form} />
        </Card>
        <Card title={t('catalogue.section.texts')}>
          <Bilingual name="description" label={t('catalogue.description')} max={20_000} multiline review={marks.description} />
          <Bilingual name="agreement" label={t('catalogue.agreement')} max={20_000} multiline />
        </Card>
      </Flex>
    </Form>
  );
}
