import { TabBar } from 'antd-mobile';
import { AppOutline, ShopbagOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Link, Outlet, useLocation, useNavigation } from '@/lib/router';
import { CART_TAB_INDEX, TAB_ROUTES, findRouteByPath } from '@/config/paths';
import { cartBadge, useCartCount } from '@/lib/cart-count';

const TAB_ICONS: Record<string, ReactNode> = {
  home: <AppOutline />,
  cart: <ShopbagOutline />,
  order: <UnorderedListOutline />,
  mine: <UserOutline />,
};

function AppTabBar({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  const cartCount = useCartCount();
  return (
    <nav className="app-tab-bar" aria-label={t('app.title')}>
      {/* antd-mobile's tab items are divs a keyboard cannot reach: each title is a real link whose
          ::after covers its item, so a tap anywhere on the item is the link's. */}
      <TabBar activeKey={activeKey} safeArea>
        {TAB_ROUTES.map((route, index) => (
          <TabBar.Item
            key={route.path}
            icon={TAB_ICONS[route.name]}
            title={
              // Re-selecting the current tab is a no-op, as a tab switch is.
              <Link className="app-tab-link" to={route.path} aria-current={route.path === activeKey ? 'page' : undefined} onClick={(e) => route.path === activeKey && e.preventDefault()}>
                {t(`tab.${route.name}`)}
              </Link>
            }
            badge={index === CART_TAB_INDEX ? cartBadge(cartCount) : undefined}
          />
        ))}
      </TabBar>
    </nav>
  );
}

/** The root layout: the current page, the tab bar on the four tab pages, a loading hint. */
export function AppShell() {
  const location = useLocation();
  const navigation = useNavigation();
  const route = findRouteByPath(location.pathname);
  const tab = route?.tab ? route.path : null;
  // Pages fade in when the shopper goes from one to another (SPEC §9), not on the first load: a
  // first page painted at opacity 0 shows later, and Chrome may then report no LCP at all.
  const firstKey = useRef(location.key);
  const navigated = useRef(false);
  if (location.key !== firstKey.current) navigated.current = true;
  return (
    <div className={['app', tab ? 'app--tabs' : '', navigated.current ? 'app--navigated' : ''].filter(Boolean).join(' ')}>
      {/* Shown only when a page chunk takes longer than the spec's 200 ms async-page delay. */}
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-hidden="true" />}
      <Outlet />
      {tab && <AppTabBar activeKey={tab} />}
    </div>
  );
}
