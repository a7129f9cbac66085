import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMerchantOptions } from '@/lib/merchant-choices';

/**
 * The merchant a product or staff member belongs to, for platform staff who run
 * merchants; absent for everyone else (a merchant's staff always save to their own merchant, the
 * server decides).
 */
export function MerchantSelect({ name }: { name: string }) {
  const { t } = useTranslation();
  const { options } = useMerchantOptions();
  if (!options) return null;
  return (
    <Form.Item name={name} label={t('merchants.merchant')} extra={t('merchants.product.hint')}>
      <Select allowClear showSearch optionFilterProp="label" placeholder={t('merchants.platform')} options={options} />
    </Form.Item>
  );
}

/** A list's "sold by" filter, for platform staff; nothing for a merchant's own staff. */
export function MerchantFilter({ value, onChange }: { value: string | undefined; onChange: (merchantId: string | undefined) => void }) {
  const { t } = useTranslation();
  const { options } = useMerchantOptions();
  if (!options) return null;
  return (
    <Select
      allowClear
      showSearch
      placeholder={t('merchants.merchant')}
      value={Number(value) > 0 ? Number(value) : undefined}
      onChange={(merchantId?: number) => onChange(merchantId === undefined ? undefined : String(merchantId))}
      optionFilterProp="label"
      style={{ width: 200 }}
      aria-label={t('merchants.merchant')}
      options={options}
    />
  );
}
