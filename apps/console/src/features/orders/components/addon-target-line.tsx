import type { AdminEsimAddonTarget } from '@simshop/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localText } from '@/lib/format';

// Links inside a line of text are told apart by more than their colour.
const UNDERLINED = { textDecoration: 'underline' } as const;

/**
 * Under a data add-on item: the customer's eSIM it tops up (the same eSIM, no new one), with the
 * order that eSIM came with and the customer's page, where their eSIMs are listed.
 */
export function AddonTargetLine({ target, customerId }: { target: AdminEsimAddonTarget; customerId: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography.Text type="secondary" className="addon-target">
      {t('orders.addon.for', { name: localText(target.name, i18n.language) || t('orders.addon.esim') })}
      {target.iccid ? <span className="mono"> · ICCID …{target.iccid.slice(-4)}</span> : null}
      {' · '}
      {target.orderNo ? (
        <Link to={`/orders/${target.orderNo}`} style={UNDERLINED}>
          {t('orders.addon.esim-order', { orderNo: target.orderNo })}
        </Link>
      ) : null}
      {target.orderNo ? ' · ' : null}
      <Link to={`/customers/${customerId}`} style={UNDERLINED}>
        {t('orders.addon.customer-esims')}
      </Link>
    </Typography.Text>
  );
}
