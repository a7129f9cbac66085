import { orderStatusLabelKey } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListQueryOptions } from '@/features/customers/api/customer-list';
import { orderListQueryOptions } from '@/features/orders/api/order-list';
import { MENU_GROUPS, type ConsoleRoute } from '@/lib/console-module';
import { formatMoney } from '@/lib/format';
import { useRouteAllowed } from '@/lib/staff-session';

/** One row of the palette: where Enter takes the member, and what it says. */
export interface PaletteItem {
  id: string;
  group: 'pages' | 'orders' | 'customers' | 'help';
  label: string;
  detail?: string;
  icon?: ReactNode;
  /** A path below the console, or null for an action of the palette itself (the shortcuts help). */
  to: string | null;
}

const SEARCH_PAGE = 5;
/** Shorter queries match too much to be worth a request; pages are still filtered. */
const MIN_SEARCH = 2;

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * What the palette offers for a query: the menu's pages the member may open (the same routes and
 * the same permission check as the side menu, matched in both languages), orders by the
 * beginning of their number and customers by account, name or phone (the admin lists' own
 * search, debounced), and the shortcuts help.
 */
export function usePaletteResults(query: string, routes: readonly ConsoleRoute[]) {
  const { t, i18n } = useTranslation();
  const allowed = useRouteAllowed();
  const q = query.trim();
  const settled = useDebounced(q, 250);
  const needle = q.toLowerCase();
  const other = i18n.language === 'zh-Hans' ? 'en' : 'zh-Hans';

  const pages: PaletteItem[] = routes
    .filter((r) => r.menu && allowed(r))
    // As the side menu lists them: by group, then by place in the group.
    .sort((a, b) => MENU_GROUPS.indexOf(a.menu!.group) - MENU_GROUPS.indexOf(b.menu!.group) || a.menu!.order - b.menu!.order)
    .filter((r) => !needle || [t(r.menu!.labelKey), t(r.menu!.labelKey, { lng: other }), r.path].some((w) => w.toLowerCase().includes(needle)))
    .map((r) => ({ id: `page:${r.path}`, group: 'pages', label: t(r.menu!.labelKey), detail: r.menu!.group === 'dashboard' ? undefined : t(`console.menu.${r.menu!.group}`), icon: r.menu!.icon, to: `/${r.path}` }));

  const route = (path: string) => routes.find((r) => r.path === path);
  const canOrders = Boolean(route('orders') && allowed(route('orders')!));
  const canCustomers = Boolean(route('customers') && allowed(route('customers')!));
  const searching = settled.length >= MIN_SEARCH && settled === q;

  const orders = useQuery({ ...orderListQueryOptions({ orderNo: settled, page: 1, pageSize: SEARCH_PAGE }), enabled: canOrders && settled.length >= MIN_SEARCH, placeholderData: undefined });
  const customers = useQuery({ ...customerListQueryOptions({ q: settled, page: 1, pageSize: SEARCH_PAGE }), enabled: canCustomers && settled.length >= MIN_SEARCH, placeholderData: undefined });

  const orderItems: PaletteItem[] = searching
    ? (orders.data?.items ?? []).map((o) => ({
        id: `order:${o.orderNo}`,
        group: 'orders',
        label: o.orderNo,
        detail: [t(orderStatusLabelKey(o.status)), formatMoney(o.total, o.currency), o.customer.email ?? o.customer.tel ?? o.customer.nickname].join(' · '),
        to: `/orders/${o.orderNo}`,
      }))
    : [];
  const customerItems: PaletteItem[] = searching
    ? (customers.data?.items ?? []).map((c) => ({
        id: `customer:${c.id}`,
        group: 'customers',
        label: c.name || c.nickname || c.email || c.tel || `#${c.id}`,
        detail: [c.email, c.tel, `#${c.id}`].filter(Boolean).join(' · '),
        to: `/customers/${c.id}`,
      }))
    : [];
  const help: PaletteItem[] = !needle || t('keyboard.help.title').toLowerCase().includes(needle) || '?'.includes(needle) ? [{ id: 'help', group: 'help', label: t('keyboard.help.title'), detail: '?', to: null }] : [];

  const loading = (q !== settled && q.length >= MIN_SEARCH) || (searching && ((canOrders && orders.isFetching) || (canCustomers && customers.isFetching)));
  return { items: [...pages, ...orderItems, ...customerItems, ...help], loading };
}
