import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { AutoComplete, Button, Card, Col, Form, Input, Row, Space, Typography, type FormInstance } from 'antd';
import { type ContentLanguage, formatMoney, HOME_BANNER_RATIO, HOME_LIMITS, type MediaRatio, HOME_SHORTCUT_ICONS, HOME_TEXT_LIMITS as L, homeSaveRequest, type ProductChoice } from '@simshop/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeFormValues } from './home-form-values';
import { LinkFields } from './link-fields';
import { MediaPicker } from '@/components/media-picker/media-picker';
import { fieldSchema, zodRule, type ZodRuleOptions } from '@/lib/zod-rules';

type Name = Array<string | number>;

/** One entry of a list (banner, shortcut, section, item): its title and the buttons to move or remove it. */
function EntryCard({ title, index, count, move, remove, children, label }: { title: ReactNode; index: number; count: number; move: (from: number, to: number) => void; remove: (index: number) => void; children: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={title}
      style={{ marginBottom: 12 }}
      extra={
        <Space size={4}>
          <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`${t('content.move-up')} ${label}`} />
          <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={`${t('content.move-down')} ${label}`} />
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={`${t('console.delete')} ${label}`} />
        </Space>
      }
    >
      {children}
    </Card>
  );
}

/** A field's rule from the save request's schema, by its path in the content (list levels stepped through). */
const homeRule = (path: string, t: TFunction, options?: ZodRuleOptions) => [zodRule(fieldSchema(homeSaveRequest, `content.${path}`), t, options)];

/** An image field: the media library's picker (upload, crop to the slot, alt text), showing what the shop will. */
function ImageField({ name, label, path, ratio }: { name: Name; label: string; path: string; ratio?: MediaRatio }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={homeRule(path, t)}>
      <MediaPicker label={label} ratio={ratio} allowClear={!ratio} />
    </Form.Item>
  );
}

/** The home block's editor: title and notice, banners, shortcuts and sections of items. */
export function HomeForm({ form, initial, lang, products, productsLoading, onChange, disabled }: { form: FormInstance<HomeFormValues>; initial: HomeFormValues; disabled: boolean; lang: ContentLanguage; products: ProductChoice[]; productsLoading: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  // Paths inside the lists are built at run time: read and write them through the untyped instance.
  const any = form as FormInstance;
  const nameIn = (p: ProductChoice) => (lang === 'zh-Hans' && p.name.zh ? p.name.zh : p.name.en);
  const subtitleIn = (p: ProductChoice) => (lang === 'zh-Hans' && p.subtitle.zh ? p.subtitle.zh : p.subtitle.en);
  const priceHint = (key: string | undefined) => {
    const p = products.find((x) => x.key === key);
    return p ? t('content.item.price.live', { price: formatMoney(p.price, p.currency) }) : t('content.item.price.hint');
  };

  return (
    <Form<HomeFormValues> form={form} disabled={disabled} layout="vertical" initialValues={initial} onValuesChange={onChange} requiredMark={false} scrollToFirstError>
      <Card title={t('content.block.page')} style={{ marginBottom: 16 }}>
        <Form.Item name={['content', 'title']} label={t('content.title-field')} rules={homeRule('title', t)}>
          <Input showCount maxLength={L.title} />
        </Form.Item>
        <Form.Item name={['content', 'notice']} label={t('content.notice')} rules={homeRule('notice', t)} extra={t('content.notice.hint')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={L.notice} />
        </Form.Item>
      </Card>

      <Form.List name={['content', 'banners']}>
        {(fields, { add, remove, move }) => (
          <Card
            title={t('content.banners')}
            style={{ marginBottom: 16 }}
            extra={
              <Button icon={<PlusOutlined />} disabled={fields.length >= HOME_LIMITS.banners} onClick={() => add({ image: '', title: '' })}>
                {t('content.banner.add')}
              </Button>
            }
          >
            {fields.length === 0 ? <Typography.Text type="secondary">{t('content.banners.empty')}</Typography.Text> : null}
            {fields.map((field, i) => {
              const label = t('content.banner.n', { n: i + 1 });
              return (
                <EntryCard key={field.key} title={label} label={label} index={i} count={fields.length} move={move} remove={remove}>
                  <Row gutter={12}>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'title']} label={t('content.banner.title')} rules={homeRule('banners.title', t)}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'subtitle']} label={t('content.banner.subtitle')} rules={homeRule('banners.subtitle', t)}>
                        <Input />
                      </Form.Item>
                    </Col>
                  </Row>
                  <ImageField name={[field.name, 'image']} label={t('content.banner.image')} path="banners.image" ratio={HOME_BANNER_RATIO} />
                  <LinkFields name={[field.name, 'link']} fullName={['content', 'banners', field.name, 'link']} products={products} productsLoading={productsLoading} />
                </EntryCard>
              );
            })}
          </Card>
        )}
      </Form.List>

      <Form.List name={['content', 'shortcuts']}>
        {(fields, { add, remove, move }) => (
          <Card
            title={t('content.shortcuts')}
            style={{ marginBottom: 16 }}
            extra={
              <Button icon={<PlusOutlined />} disabled={fields.length >= HOME_LIMITS.shortcuts} onClick={() => add({ icon: 'shop', title: '' })}>
                {t('content.shortcut.add')}
              </Button>
            }
          >
            {fields.length === 0 ? <Typography.Text type="secondary">{t('content.shortcuts.empty')}</Typography.Text> : null}
            {fields.map((field, i) => {
              const label = t('content.shortcut.n', { n: i + 1 });
              return (
                <EntryCard key={field.key} title={label} label={label} index={i} count={fields.length} move={move} remove={remove}>
                  <Row gutter={12}>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'title']} label={t('content.shortcut.title')} rules={homeRule('shortcuts.title', t)}>
                        <Input showCount maxLength={L.shortcutTitle} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name={[field.name, 'icon']} label={t('content.shortcut.icon')} rules={homeRule('shortcuts.icon', t)} extra={t('content.shortcut.icon.hint')}>
                        <AutoComplete options={HOME_SHORTCUT_ICONS.map((icon) => ({ value: icon, label: `${icon} — ${t(`content.icon.${icon}`)}` }))} />
                      </Form.Item>
                    </Col>
                  </Row>
                  <LinkFields name={[field.name, 'link']} fullName={['content', 'shortcuts', field.name, 'link']} products={products} productsLoading={productsLoading} />
                </EntryCard>
              );
            })}
          </Card>
        )}
      </Form.List>

      <Form.List name={['content', 'sections']}>
        {(sections, { add, remove, move }) => (
          <Card
            title={t('content.sections')}
            style={{ marginBottom: 16 }}
            extra={
              <Button icon={<PlusOutlined />} disabled={sections.length >= HOME_LIMITS.sections} onClick={() => add({ title: '', items: [] })}>
                {t('content.section.add')}
              </Button>
            }
          >
            {sections.length === 0 ? <Typography.Text type="secondary">{t('content.sections.empty')}</Typography.Text> : null}
            {sections.map((section, s) => {
              const label = t('content.section.n', { n: s + 1 });
              return (
                <EntryCard key={section.key} title={label} label={label} index={s} count={sections.length} move={move} remove={remove}>
                  <Form.Item name={[section.name, 'title']} label={t('content.section.title')} rules={homeRule('sections.title', t)}>
                    <Input />
                  </Form.Item>
                  <Form.List name={[section.name, 'items']}>
                    {(items, itemOps) => (
                      <>
                        {items.map((item, i) => {
                          const itemLabel = t('content.item.n', { section: s + 1, n: i + 1 });
                          const full = ['content', 'sections', section.name, 'items', item.name];
                          // Choosing a product fills what is still empty with the product's own texts.
                          const picked = (p: ProductChoice) => {
                            const current = (any.getFieldValue(full) ?? {}) as { title?: string; description?: string };
                            any.setFieldValue([...full, 'title'], current.title?.trim() ? current.title : nameIn(p));
                            any.setFieldValue([...full, 'description'], current.description?.trim() ? current.description : subtitleIn(p));
                            onChange();
                          };
                          return (
                            <EntryCard key={item.key} title={itemLabel} label={itemLabel} index={i} count={items.length} move={itemOps.move} remove={itemOps.remove}>
                              <LinkFields name={[item.name, 'link']} fullName={[...full, 'link']} products={products} productsLoading={productsLoading} onProductPicked={picked} />
                              <Row gutter={12}>
                                <Col span={12}>
                                  <Form.Item name={[item.name, 'title']} label={t('content.item.title')} rules={homeRule('sections.items.title', t)}>
                                    <Input />
                                  </Form.Item>
                                </Col>
                                <Col span={12}>
                                  <Form.Item noStyle dependencies={[[...full, 'link', 'key']]}>
                                    {() => (
                                      <Form.Item name={[item.name, 'price']} label={t('content.item.price')} rules={homeRule('sections.items.price', t)} extra={priceHint(any.getFieldValue([...full, 'link', 'key']) as string | undefined)}>
                                        <Input />
                                      </Form.Item>
                                    )}
                                  </Form.Item>
                                </Col>
                              </Row>
                              <Form.Item name={[item.name, 'description']} label={t('content.item.description')} rules={homeRule('sections.items.description', t)}>
                                <Input />
                              </Form.Item>
                              <ImageField name={[item.name, 'image']} label={t('content.item.image')} path="sections.items.image" />
                            </EntryCard>
                          );
                        })}
                        <Button block type="dashed" icon={<PlusOutlined />} disabled={items.length >= HOME_LIMITS.items} onClick={() => itemOps.add({ title: '' })}>
                          {t('content.item.add')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </EntryCard>
              );
            })}
          </Card>
        )}
      </Form.List>
    </Form>
  );
}
