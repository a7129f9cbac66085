import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, Row, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProductValues } from './product-values';

const MAX_GROUPS = 3;

/**
 * Keeps the SKUs' chosen values right when a specification or one of its values goes: SKUs
 * that had it must choose again, the ones after it move up by one.
 */
function dropFromSkus(form: FormInstance<ProductValues>, group: number, value?: number) {
  const skus = (form.getFieldValue('skus') as ProductValues['skus'] | undefined) ?? [];
  form.setFieldValue(
    'skus',
    skus.map((s) => {
      const options = [...(s.options ?? [])];
      if (value === undefined) options.splice(group, 1);
      else {
        const chosen = options[group];
        options[group] = chosen === undefined ? undefined : chosen === value ? undefined : chosen > value ? chosen - 1 : chosen;
      }
      return { ...s, options };
    }),
  );
}

/** Specification groups (e.g. Data, Validity), each with its values, both in English and Chinese. */
export function SpecsField({ form }: { form: FormInstance<ProductValues> }) {
  const { t } = useTranslation();
  return (
    <Form.List name="specs">
      {(groups, { add, remove }) => (
        <Flex vertical gap={12}>
          {groups.length === 0 ? <Typography.Text type="secondary">{t('catalogue.specs.none')}</Typography.Text> : null}
          <Row gutter={[12, 12]}>
            {groups.map((group, g) => (
              <Col key={group.key} xs={24} lg={12} xxl={8}>
                <Card
                  size="small"
                  title={t('catalogue.specs.group', { n: g + 1 })}
                  extra={
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('catalogue.specs.remove-group')} ${g + 1}`}
                      onClick={() => {
                        remove(group.name);
                        dropFromSkus(form, g);
                      }}
                    />
                  }
                >
                  <Flex gap={8}>
                    <Form.Item name={[group.name, 'name', 'en']} label={t('catalogue.specs.name-en')} style={{ flex: 1, marginBottom: 8 }}>
                      <Input placeholder="Data" maxLength={35} />
                    </Form.Item>
                    <Form.Item name={[group.name, 'name', 'zh']} label={t('catalogue.specs.name-zh')} style={{ flex: 1, marginBottom: 8 }}>
                      <Input placeholder="流量" maxLength={35} />
                    </Form.Item>
                  </Flex>
                  <Form.List name={[group.name, 'values']}>
                    {(values, { add: addValue, remove: removeValue }, { errors }) => (
                      <Flex vertical gap={4}>
                        <Typography.Text type="secondary">{t('catalogue.specs.values')}</Typography.Text>
                        {values.map((value, v) => (
                          <Flex key={value.key} gap={8} align="start">
                            <Typography.Text style={{ width: 24, paddingTop: 5 }}>{v + 1}.</Typography.Text>
                            <Form.Item name={[value.name, 'en']} style={{ flex: 1, marginBottom: 4 }}>
                              <Input placeholder="5 GB" aria-label={`${t('catalogue.specs.value-en')} ${g + 1}.${v + 1}`} maxLength={35} />
                            </Form.Item>
                            <Form.Item name={[value.name, 'zh']} style={{ flex: 1, marginBottom: 4 }}>
                              <Input placeholder="5GB" aria-label={`${t('catalogue.specs.value-zh')} ${g + 1}.${v + 1}`} maxLength={35} />
                            </Form.Item>
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              aria-label={`${t('catalogue.specs.remove-value')} ${g + 1}.${v + 1}`}
                              onClick={() => {
                                removeValue(value.name);
                                dropFromSkus(form, g, v);
                              }}
                            />
                          </Flex>
                        ))}
                        <Form.ErrorList errors={errors} />
                        <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => addValue({ en: '', zh: '' })} style={{ alignSelf: 'flex-start' }}>
                          {t('catalogue.specs.add-value')}
                        </Button>
                      </Flex>
                    )}
                  </Form.List>
                </Card>
              </Col>
            ))}
          </Row>
          {groups.length < MAX_GROUPS ? (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: { en: '', zh: '' }, values: [{ en: '', zh: '' }] })} style={{ alignSelf: 'flex-start' }}>
              {t('catalogue.specs.add-group')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}
