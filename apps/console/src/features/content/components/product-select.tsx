import { Flex, Select, Tag, Typography } from 'antd';
import { formatMoney, type ProductChoice } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { ProductImage } from './product-image';

/**
 * Chooses a product on sale by its key. A key that no product on sale has any more (kept from
 * earlier) stays visible, marked, so staff see what to replace.
 */
export function ProductSelect({ value, onChange, products, loading, onPick, id }: { value?: string; onChange?: (key: string) => void; products: ProductChoice[]; loading: boolean; onPick?: ((p: ProductChoice) => void) | undefined; id?: string }) {
  const { t, i18n } = useTranslation();
  const zh = i18n.language === 'zh-Hans';
  const nameOf = (p: ProductChoice) => (zh && p.name.zh ? p.name.zh : p.name.en);
  const known = new Map(products.map((p) => [p.key, p]));
  const options = products.map((p) => ({ value: p.key, label: `${nameOf(p)} · ${p.key}`, search: `${p.name.en} ${p.name.zh} ${p.key}`.toLowerCase() }));
  if (value && !loading && !known.has(value)) options.unshift({ value, label: t('content.product.gone', { key: value }), search: value });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()) }}
      loading={loading}
      value={value}
      placeholder={t('content.product.choose')}
      options={options}
      status={value && !loading && !known.has(value) ? 'warning' : undefined}
      onChange={(key: string) => {
        onChange?.(key);
        const product = known.get(key);
        if (product) onPick?.(product);
      }}
      optionRender={(option) => {
        const p = known.get(String(option.value));
        if (!p) return <Typography.Text type="warning">{option.label}</Typography.Text>;
        return (
          <Flex gap={8} align="center">
            <ProductImage image={p.image} size={28} />
            <Flex vertical style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text ellipsis>{nameOf(p)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {p.key} · {t('content.product.from', { price: formatMoney(p.price, p.currency) })}
              </Typography.Text>
            </Flex>
            {p.soldOut ? <Tag>{t('content.product.sold-out')}</Tag> : null}
          </Flex>
        );
      }}
    />
  );
}
