import { orderListTabLabelKey } from '@simshop/contract';
import { Button, InfiniteScroll, Tabs } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useTranslation } from '@/i18n';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { OrderListTab, type OrderListTab as Tab } from '@simshop/contract';
import { BrandHeader } from '@/components/brand-header';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { money } from '@/lib/money';
import { useOrderList } from '../api/list-orders';
import { OrderActions } from '../components/order-actions';
import { OrderLines } from '../components/order-lines';
import { OrderStatusText } from '../components/order-status';
import { groupByCheckout } from '../checkout-groups';
import '../checkout.css';

const TABS = Object.values(OrderListTab) as Tab[];

/** The order list tab (SPEC §4): all, unpaid, to ship, to receive, completed. */
export function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.includes(params.get('tab') as Tab) ? params.get('tab') : 'all') as Tab;
  const orders = useOrderList(tab);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  const card = (o: (typeof items)[number]) => (
    <li key={o.orderNo} className="card order-card" data-order-no={o.orderNo}>
      {/* The whole card opens the order: the link's ::after covers it (global.css), so the card holds no
          interactive element inside a link and the action buttons stay their own targets above it. */}
      <Link className="order-card-head" to={paths['order-detail'].getHref({ orderNo: o.orderNo })}>
        <span className="muted">{o.orderNo}</span>
        <OrderStatusText status={o.status} kinds={o.items.map((i) => i.kind)} />
      </Link>
      <span className="order-merchant">{t('checkout.sold-by', { name: o.merchant.name })}</span>
      <OrderLines lines={o.items} currency={o.currency} />
      <div className="order-card-total">
        {t('order.items', { count: o.itemCount })} · {t('order.total')} <strong>{money(o.total, o.currency)}</strong>
      </div>
      <OrderActions order={o} hideDetail />
    </li>
  );

  return (
    <div className="page page--orders">
      <BrandHeader title={t('route.order')} />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="order-tabs">
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={t(orderListTabLabelKey(k))} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={async () => void (await orders.refetch())}>
        <main className="page-body">
          <QueryState query={orders} isEmpty={() => items.length === 0} empty={<EmptyState title={t('order.empty')} />}>
            {() => (
            <ul className="order-cards">
              {groupByCheckout(items).map((group) =>
                group[0]!.checkoutOrderCount > 1 ? (
                  // The orders of one payment, one per merchant, together; each is still its own card. The
                  // count is the checkout's: the others may be on a page not loaded yet, or in another tab.
                  <li key={group[0]!.checkoutNo} className="order-checkout-group" data-checkout-no={group[0]!.checkoutNo}>
                    <p className="order-checkout-group-head">{t('checkout.paid-together', { count: group[0]!.checkoutOrderCount })}</p>
                    <ul className="order-cards">{group.map((o) => card(o))}</ul>
                  </li>
                ) : (
                  card(group[0]!)
                ),
              )}
            </ul>
            )}
          </QueryState>
          <InfiniteScroll loadMore={async () => void (await orders.fetchNextPage())} hasMore={!!orders.hasNextPage} />
        </main>
      </PullToRefresh>
      {items.length === 0 && !orders.isPending ? (
        <div className="center">
          <Button onClick={() => void navigate(paths.home.path)}>{t('cart.go-shopping')}</Button>
        </div>
      ) : null}
    </div>
  );
}
