import { ecodeStatusLabelKey, type OrderDetail } from '@simshop/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';

/**
 * What a paid digital order delivered: each eSIM leads to its QR code and install
 * steps, a reseller's ECodes are listed with the way to manage them. Shown on the order detail
 * and on the payment result, so the way from payment to the install is one tap.
 */
export function DeliveredGoods({ order }: { order: Pick<OrderDetail, 'esims' | 'ecodes'> }) {
  const { t } = useTranslation();
  return (
    <>
      {order.esims.length ? (
        <List className="card card--list delivered-esims" header={<h2 className="list-heading">{t('order.esims')}</h2>}>
          {order.esims.map((e) => (
            <List.Item
              key={e.id}
              arrowIcon
              description={e.iccid ? <span className="mono">ICCID {e.iccid}</span> : null}
              extra={e.installed ? <span className="ok">{t('order.esim.installed')}</span> : <span className="link-text">{t('order.esim.install')}</span>}
              onClick={() => openPage(paths['esim-detail'].getHref({ id: String(e.id) }))}
            >
              {e.name}
            </List.Item>
          ))}
        </List>
      ) : null}
      {order.ecodes.length ? (
        <section className="card delivered-ecodes">
          <h2 className="list-heading">{t('order.ecodes', { count: order.ecodes.length })}</h2>
          <ul className="ecode-codes">
            {order.ecodes.map((c) => (
              <li key={c.code}>
                <span className="mono">{c.code}</span>
                <span className="muted">{t(ecodeStatusLabelKey(c.status))}</span>
              </li>
            ))}
          </ul>
          <Button block onClick={() => openPage(paths.ecode.path)}>{t('order.ecodes.manage')}</Button>
        </section>
      ) : null}
    </>
  );
}
