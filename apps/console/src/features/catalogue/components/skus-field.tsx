import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Currency, currencySymbol, isPoolProduct, isTravelPlanKind } from '@simshop/contract';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Switch, Table, Tag, Tooltip, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localText } from '@/lib/format';
import { newSku, type ProductValues, type SkuValues } from './product-values';

/** One value of every specification for a SKU (the form item that holds the SKU's `options`). */
function OptionsPicker({ value = [], onChange, specs, label }: { value?: Array<number | undefined>; onChange?: (next: Array<number | undefined>) => void; specs: ProductValues['specs']; label: string }) {
  const { t, i18n } = useTranslation();
  if (specs.length === 0) return <Typography.Text type="secondary">{t('catalogue.skus.no-specs')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {specs.map((group, g) => (
        <Select<number>
          key={g}
          size="small"
          style={{ width: 120 }}
          placeholder={localText(group.name ?? { en: '', zh: '' }, i18n.language) || `#${g + 1}`}
          aria-label={`${label} ${localText(group.name ?? { en: '', zh: '' }, i18n.language)}`}
          value={value[g] ?? undefined}
          options={(group.values ?? []).map((v, i) => ({ value: i, label: localText(v ?? { en: '', zh: '' }, i18n.language) || `#${i + 1}` }))}
          onChange={(chosen) => {
            const next = specs.map((_, j) => value[j]);
            next[g] = chosen;
            onChange?.(next);
          }}
        />
      ))}
    </Flex>
  );
}

/**
 * A travel plan SKU's data: GB with decimals (1 GB = 1000 MB) or "Unlimited", which empties and
 * locks the number. Its error (`skus.N.dataMb`) shows under both.
 */
function DataInput({ form, row, label }: { form: FormInstance<ProductValues>; row: number; label: string }) {
  const { t } = useTranslation();
  const unlimited = Form.useWatch(['skus', row, 'unlimited'], form) ?? false;
  return (
    // Stacked like the stock column's level and link, so the table keeps to the card's width.
    <Flex vertical gap={2}>
      <Form.Item name={[row, 'dataMb']} style={{ margin: 0, maxWidth: 140 }}>
        <InputNumber size="small" step={1} style={{ width: 100 }} suffix="GB" disabled={unlimited} placeholder={unlimited ? '∞' : t('console.none')} aria-label={label} />
      </Form.Item>
      <Form.Item name={[row, 'unlimited']} valuePropName="checked" style={{ margin: 0 }}>
        <Checkbox style={{ fontSize: 12 }} aria-label={`${t('catalogue.skus.unlimited')} ${row + 1}`} onChange={(e) => e.target.checked && form.setFieldValue(['skus', row, 'dataMb'], null)}>
          {t('catalogue.skus.unlimited')}
        </Checkbox>
      </Form.Item>
    </Flex>
  );
}

/**
 * The SKUs: code, chosen values, price, wholesale price, stock (empty: not counted), data for
 * recharges, a travel plan's data and days, sold out. A pool eSIM's stock is its free codes:
 * shown, never typed.
 */
export function SkusField({ form }: { form: FormInstance<ProductValues> }) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form);
  const esimSource = Form.useWatch('esimSource', form);
  const specs = Form.useWatch('specs', form) ?? [];
  const currency = Form.useWatch('currency', form) ?? 'USD';
  const pool = isPoolProduct({ kind: kind ?? '', esimSource: esimSource ?? '' });
  const recharge = kind === 'recharge';
  const travel = isTravelPlanKind(kind ?? '');
  const money = { min: 0, max: 1_000_000, precision: 2, step: 0.1, style: { width: 110 }, prefix: currencySymbol(currency) };
  // A price in each other currency: customers who chose it see the product in it when every SKU has one (else in its own).
  const others = Object.values(Currency).filter((c) => c !== currency);

  return (
    <Form.List name="skus">
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('catalogue.skus.code'),
                key: 'code',
                render: (_, row) => (
                  <Form.Item name={[row.name, 'code']} style={{ margin: 0 }}>
                    <Input size="small" style={{ width: 150 }} aria-label={`${t('catalogue.skus.code')} ${row.name + 1}`} maxLength={64} />
                  </Form.Item>
                ),
              },
              {
                title: t('catalogue.skus.options'),
                key: 'options',
                render: (_, row) => (
                  <Form.Item name={[row.name, 'options']} style={{ margin: 0 }}>
                    <OptionsPicker specs={specs} label={`${t('catalogue.skus.options')} ${row.name + 1}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('catalogue.skus.price'),
                key: 'price',
                render: (_, row) => (
                  <Form.Item name={[row.name, 'price']} style={{ margin: 0 }}>
                    <InputNumber size="small" {...money} aria-label={`${t('catalogue.skus.price')} ${row.name + 1}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('catalogue.skus.wholesale'),
                key: 'wholesalePrice',
                render: (_, row) => (
                  <Form.Item name={[row.name, 'wholesalePrice']} style={{ margin: 0 }}>
                    <InputNumber size="small" {...money} placeholder={t('console.none')} aria-label={`${t('catalogue.skus.wholesale')} ${row.name + 1}`} />
                  </Form.Item>
                ),
              },
              ...others.map((other) => ({
                title: (
                  <Tooltip title={t('catalogue.skus.other-price-help', { currency: other })}>
                    <span>
                      {t('catalogue.skus.other-price', { currency: other })} <QuestionCircleOutlined />
                    </span>
                  </Tooltip>
                ),
                key: `price-${other}`,
                render: (_: unknown, row: { name: number }) => (
                  <Flex vertical gap={2}>
                    <Form.Item name={[row.name, 'prices', other, 'price']} style={{ margin: 0, maxWidth: 140 }}>
                      <InputNumber size="small" {...money} prefix={currencySymbol(other)} placeholder={t('console.none')} aria-label={`${t('catalogue.skus.other-price', { currency: other })} ${row.name + 1}`} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'prices', other, 'wholesalePrice']} style={{ margin: 0, maxWidth: 140 }}>
                      <InputNumber size="small" {...money} prefix={currencySymbol(other)} placeholder={t('catalogue.skus.wholesale')} aria-label={`${t('catalogue.skus.other-wholesale', { currency: other })} ${row.name + 1}`} />
                    </Form.Item>
                  </Flex>
                ),
              })),
              {
                title: t('catalogue.skus.stock'),
                key: 'stock',
                render: (_, row) => {
                  const sku = form.getFieldValue(['skus', row.name]) as SkuValues | undefined;
                  if (pool) {
                    const level = sku?.pool;
                    return (
                      <Tooltip title={t('catalogue.skus.pool-help')}>
                        <Flex vertical>
                          <Tag color={level && level.free > 0 ? 'blue' : 'red'} style={{ marginInlineEnd: 0 }}>
                            {level ? t('catalogue.skus.pool-level', { free: level.free, total: level.total }) : t('catalogue.skus.pool-new')}
                          </Tag>
                          {sku?.code && level ? (
                            <Link to={`/inventory?q=${encodeURIComponent(sku.code)}`} style={{ fontSize: 12 }}>
                              {t('catalogue.skus.load-codes')}
                            </Link>
                          ) : null}
                        </Flex>
                      </Tooltip>
                    );
                  }
                  return (
                    <Form.Item name={[row.name, 'stock']} style={{ margin: 0 }}>
                      <InputNumber size="small" min={0} max={10_000_000} precision={0} style={{ width: 110 }} placeholder={t('catalogue.skus.uncounted')} aria-label={`${t('catalogue.skus.stock')} ${row.name + 1}`} />
                    </Form.Item>
                  );
                },
              },
              ...(recharge
                ? [
                    {
                      title: t('catalogue.skus.recharge-mb'),
                      key: 'rechargeMb',
                      render: (_: unknown, row: { name: number }) => (
                        <Form.Item name={[row.name, 'rechargeMb']} style={{ margin: 0 }}>
                          <InputNumber size="small" min={1} max={10_000_000} precision={0} style={{ width: 110 }} suffix="MB" aria-label={`${t('catalogue.skus.recharge-mb')} ${row.name + 1}`} />
                        </Form.Item>
                      ),
                    },
                  ]
                : []),
              ...(travel
                ? [
                    {
                      title: (
                        <Tooltip title={t('catalogue.skus.plan-help')}>
                          <span>
                            {t('catalogue.skus.data')} <QuestionCircleOutlined />
                          </span>
                        </Tooltip>
                      ),
                      key: 'dataMb',
                      render: (_: unknown, row: { name: number }) => <DataInput form={form} row={row.name} label={`${t('catalogue.skus.data')} ${row.name + 1}`} />,
                    },
                    {
                      title: t('catalogue.skus.validity'),
                      key: 'validityDays',
                      render: (_: unknown, row: { name: number }) => (
                        // A bounded width lets the catalogue's message wrap under the input instead of widening the table.
                        <Form.Item name={[row.name, 'validityDays']} style={{ margin: 0, maxWidth: 140 }}>
                          <InputNumber size="small" precision={0} style={{ width: 80 }} placeholder={t('console.none')} aria-label={`${t('catalogue.skus.validity')} ${row.name + 1}`} />
                        </Form.Item>
                      ),
                    },
                  ]
                : []),
              {
                title: t('catalogue.skus.sold-out'),
                key: 'soldOut',
                render: (_, row) => (
                  <Form.Item name={[row.name, 'soldOut']} valuePropName="checked" style={{ margin: 0 }}>
                    <Switch size="small" aria-label={`${t('catalogue.skus.sold-out')} ${row.name + 1}`} />
                  </Form.Item>
                ),
              },
              {
                title: t('console.actions'),
                key: 'remove',
                render: (_, row) => (
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={rows.length <= 1} onClick={() => remove(row.name)} aria-label={`${t('catalogue.skus.remove')} ${row.name + 1}`} />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => add(newSku(specs.map(() => undefined)))}
          >
            {t('catalogue.skus.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
