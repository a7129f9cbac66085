import { AutoComplete, Col, Form, Input, Row, Select } from 'antd';
import { homeSaveRequest, type ProductChoice } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { fieldSchema, zodRules } from '@/lib/zod-rules';
import { ProductSelect } from './product-select';
import { SHOP_PAGES } from './shop-pages';

type Name = Array<string | number>;

/**
 * Where a banner, shortcut or item leads: a product (by its key, so the link survives id
 * changes), a shop page, a web address, a mini program or a download. Each part is its own
 * form field, so a refusal from the server shows by the part it is about. Its rules come from
 * the home request's schema at `fullName` (a shortcut must have a link, a banner may not).
 */
export function LinkFields({ name, fullName, products, productsLoading, onProductPicked }: { name: Name; fullName: Name; products: ProductChoice[]; productsLoading: boolean; onProductPicked?: (product: ProductChoice) => void }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const type = Form.useWatch([...fullName, 'type'], form) as string | undefined;
  const zh = i18n.language === 'zh-Hans';
  const kinds = ['product', 'inner', 'outer', 'mp', 'download', ...(type === 'goods' ? ['goods'] : [])];
  // The schema's path: the form's list positions are not part of it.
  const at = fullName.filter((part): part is string => typeof part === 'string').join('.');
  const required = !fieldSchema(homeSaveRequest, at).safeParse(undefined).success;
  const rules = zodRules(homeSaveRequest, t);
  const part = (key: string, requiredMessage: string) => rules(`${at}.${key}`, { requiredMessage: t(requiredMessage) });

  return (
    <Row gutter={12}>
      <Col span={8}>
        <Form.Item name={[...name, 'type']} label={t('content.link')} rules={rules(`${at}.type`, { required, requiredMessage: t('content.link.required') })}>
          <Select allowClear={!required} placeholder={t('content.link.none')} options={kinds.map((k) => ({ value: k, label: t(`content.link.${k}`) }))} />
        </Form.Item>
      </Col>
      <Col span={16}>
        {type === 'product' && (
          <Form.Item name={[...name, 'key']} label={t('content.link.product')} rules={part('key', 'content.link.product.required')}>
            <ProductSelect products={products} loading={productsLoading} onPick={onProductPicked} />
          </Form.Item>
        )}
        {(type === 'inner' || type === 'goods') && (
          <Form.Item name={[...name, 'page']} label={t('content.link.page')} rules={part('page', 'content.link.page.required')} extra={type === 'goods' ? t('content.link.goods.hint') : undefined}>
            <AutoComplete
              options={SHOP_PAGES.map((p) => ({ value: p.path, label: `${zh ? p.zh : p.en} — ${p.path}` }))}
              filterOption={(input, option) => (option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
              placeholder="/pages/…"
            />
          </Form.Item>
        )}
        {type === 'outer' && (
          <Form.Item name={[...name, 'url']} label={t('content.link.url')} rules={rules(`${at}.url`, { message: t('content.link.url.invalid') })}>
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
        )}
        {type === 'mp' && (
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item name={[...name, 'appId']} label={t('content.link.app-id')} rules={part('appId', 'content.link.app-id.required')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={[...name, 'path']} label={t('content.link.app-path')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        )}
        {type === 'download' && (
          <Form.Item name={[...name, 'file']} label={t('content.link.file')} rules={part('file', 'content.link.file.required')}>
            <Input />
          </Form.Item>
        )}
      </Col>
    </Row>
  );
}
