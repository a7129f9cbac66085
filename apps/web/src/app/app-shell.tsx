import { TabBar } from 'antd-mobile';
import { AppOutline, ShopbagOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { Outlet, useLocation, useNavigate, useNavigation } from '@/lib/router';
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
  const navigate = useNavigate();
  const cartCount = useCartCount();
  return (
    <nav className="app-tab-bar" aria-label={t('app.title')}>
      <TabBar
        activeKey={activeKey}
        safeArea
        onChange={(key) => {
          // Tab pages are opened by tab switching; re-selecting the current tab is a no-op.
          if (key !== activeKey) void navigate(key);
        }}
      >
        {TAB_ROUTES.map((route, index) => (
          <TabBar.Item
            key={route.path}
            icon={TAB_ICONS[route.name]}
            title={t(`tab.${route.name}`)}
            badge={index === CART_TAB_INDEX ? cartBadge(cartCount) : undefined}
            aria-label={t(`tab.${route.name}`)}
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
