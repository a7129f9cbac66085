import { ecodeStatusLabelKey, type OrderDetail } from '@simshop/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import { ListRow } from '@/components/list-row';

/**
 * What a paid digital order delivered: each eSIM leads to its QR code and install
 * steps (one a refund cancelled says so), data added to an eSIM leads to that eSIM, a reseller's ECodes are listed with the way to manage them. Shown on the order detail
 * and on the payment result, so the way from payment to the install is one tap.
 */
export function DeliveredGoods({ order }: { order: Pick<OrderDetail, 'esims' | 'ecodes' | 'addonTargets'> }) {
  const { t } = useTranslation();
  return (
    <>
      {order.esims.length ? (
        <List className="card card--list delivered-esims" header={<h2 className="list-heading">{t('order.esims')}</h2>}>
          {order.esims.map((e) =>
            // A refund cancelled it: listed for the record, no longer a way to install it.
            e.removed ? (
              <List.Item key={e.id} className="delivered-esim--removed" description={e.iccid ? <span className="mono">ICCID {e.iccid}</span> : null} extra={<span className="muted">{t('order.esim.removed')}</span>}>
                <s>{e.name}</s>
              </List.Item>
            ) : (
              <ListRow
                key={e.id}
                to={paths['esim-detail'].getHref({ id: String(e.id) })}
                description={e.iccid ? <span className="mono">ICCID {e.iccid}</span> : null}
                extra={e.installed ? <span className="ok">{t('order.esim.installed')}</span> : <span className="link-text">{t('order.esim.install')}</span>}
              >
                {e.name}
              </ListRow>
            ),
          )}
        </List>
      ) : null}
      {order.addonTargets.length ? (
        // Data added to an eSIM the customer has: the same eSIM, no new QR code to scan.
        <List className="card card--list addon-targets" header={<h2 className="list-heading">{t('order.addon.title')}</h2>}>
          {order.addonTargets.map((a) => (
            <ListRow
              key={a.orderItemId}
              to={paths['esim-detail'].getHref({ id: String(a.esimId) })}
              description={<>{t('order.addon.same-esim')}{a.iccid ? <span className="mono"> · ICCID …{a.iccid.slice(-4)}</span> : null}</>}
              extra={<span className="link-text" aria-hidden="true">{t('order.addon.open')}</span>}
            >
              {a.name || t('order.addon.open')}
            </ListRow>
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
