import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan, useMe } from '@/lib/staff-session';
import { useMerchantChoices } from '@/lib/merchant-choices';

/**
 * The merchant a product is sold by (issue 15), for platform staff who run merchants; absent for
 * everyone else (a merchant's staff always save to their own merchant, the server decides).
 */
export function MerchantSelect({ name }: { name: string }) {
  const { t } = useTranslation();
  const platformStaff = useMe().data?.merchantId === null;
  const can = useCan();
  const choices = useMerchantChoices(platformStaff && can('merchants.manage'));
  if (!platformStaff || !choices.data) return null;
  return (
    <Form.Item name={name} label={t('merchants.merchant')} extra={t('merchants.product.hint')}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('merchants.platform')}
        options={choices.data.items.map((m) => ({ value: m.id, label: `${m.name}${m.status === 'active' ? '' : ` (${t(`merchants.status.${m.status}`)})`}` }))}
      />
    </Form.Item>
  );
}
