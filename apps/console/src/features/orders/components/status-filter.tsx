import { ORDER_STATUSES, orderStatusLabelKey, type OrderStatus } from '@simshop/contract';
import { Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The orders' status filter, readable however many are chosen: one line naming them all
 * ("Paid, Partly shipped"), cut with an ellipsis when long and whole in a tooltip, instead of
 * tags that collapse to "+ 2 …".
 */
export function StatusFilter({ value, onChange, width = 280 }: { value: string | undefined; onChange: (value: string | undefined) => void; width?: number }) {
  const { t, i18n } = useTranslation();
  const chosen = (value ?? '').split(',').filter((v): v is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(v));
  const names = chosen.map((s) => t(orderStatusLabelKey(s))).join(i18n.language === 'zh-Hans' ? '、' : ', ');
  return (
    <Tooltip title={chosen.length > 1 ? names : undefined}>
      <Select
        mode="multiple"
        // No clear icon: beside the names it is too small a target; the list and "Clear filters" undo a choice.
        maxTagCount={0}
        maxTagPlaceholder={() => <span style={{ display: 'inline-block', maxWidth: width - 60, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>{names}</span>}
        optionFilterProp="label"
        placeholder={t('orders.filter.status')}
        aria-label={t('orders.filter.status')}
        value={chosen}
        onChange={(v: string[]) => onChange(v.length ? v.join(',') : undefined)}
        style={{ width }}
        popupMatchSelectWidth={false}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: t(orderStatusLabelKey(s)) }))}
      />
    </Tooltip>
  );
}
