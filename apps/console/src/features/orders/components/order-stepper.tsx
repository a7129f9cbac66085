import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { adminOrderListRequest } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FOCUS_SEARCH, useShortcuts } from '@/components/keyboard/shortcuts';
import { readListAddress, writeListAddress } from '@/lib/list-memory';
import { useMe } from '@/lib/staff-session';
import { parsed } from '@/lib/use-list-request';
import { orderListQueryOptions } from '../api/order-list';

const LIST = '/orders';

/**
 * The order list's request as the orders page builds it from its address (the same defaults, so
 * the same query: the page the member just saw comes from the cache, not the server).
 */
function listRequest(search: string, platformStaff: boolean) {
  const address = new URLSearchParams(search);
  const shape = adminOrderListRequest.shape;
  const request: Record<string, unknown> = {
    page: Math.max(1, Number(address.get('page')) || 1),
    pageSize: Number(address.get('pageSize')) || 20,
    sortField: parsed(shape.sortField, address.get('sortField') ?? 'createdAt'),
    sortOrder: address.get('sortOrder') ?? 'desc',
  };
  for (const name of Object.keys(shape)) {
    if (!(name in request)) request[name] = parsed(shape[name as keyof typeof shape], address.get(name) ?? undefined);
  }
  if (!platformStaff) request.merchantId = undefined;
  return request as { page: number; pageSize: number } & Parameters<typeof orderListQueryOptions>[0];
}

/**
 * The orders before and after this one in the list the member came from (its filters, sort and
 * page, remembered per tab): across a page boundary the neighbouring page is asked for, and
 * stepping onto it moves the remembered page too, so the way back leads to the right page.
 * An order that is not on the remembered page (opened from a link or the palette) has none.
 */
function useOrderNeighbours(orderNo: string) {
  const platformStaff = useMe().data?.merchantId === null;
  const search = readListAddress(LIST);
  const request = listRequest(search, platformStaff);
  const page = useQuery(orderListQueryOptions(request));
  const rows = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  const index = rows.findIndex((r) => r.orderNo === orderNo);
  const found = index >= 0 && !page.isPlaceholderData;
  const atStart = found && index === 0 && request.page > 1;
  const atEnd = found && index === rows.length - 1 && request.page * request.pageSize < total;
  const before = useQuery({ ...orderListQueryOptions({ ...request, page: request.page - 1 }), enabled: atStart });
  const after = useQuery({ ...orderListQueryOptions({ ...request, page: request.page + 1 }), enabled: atEnd });

  const step = (delta: -1 | 1) => {
    if (!found) return null;
    const near = rows[index + delta];
    if (near) return { orderNo: near.orderNo, page: request.page };
    const other = delta === -1 ? before.data?.items.at(-1) : after.data?.items[0];
    return other && (delta === -1 ? atStart : atEnd) ? { orderNo: other.orderNo, page: request.page + delta } : null;
  };
  const pageAddress = (p: number) => {
    const address = new URLSearchParams(search);
    if (p === 1) address.delete('page');
    else address.set('page', String(p));
    const text = address.toString();
    return text ? `?${text}` : '';
  };
  return { previous: step(-1), next: step(1), position: found ? { index: (request.page - 1) * request.pageSize + index + 1, total } : null, pageAddress, listAddress: search };
}

/**
 * Previous / next buttons for the order page and its keys: j/k or Alt+↓/↑ step through the list,
 * s opens the ship dialog when the order can be shipped, '/' goes back to the list's search.
 * The keys rest while one of the page's dialogs is open.
 */
export function OrderStepper({ orderNo, onShip, dialogOpen }: { orderNo: string; onShip: (() => void) | null; dialogOpen: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { previous, next, position, pageAddress, listAddress } = useOrderNeighbours(orderNo);

  const go = (to: { orderNo: string; page: number } | null) => {
    if (!to) return false;
    writeListAddress(LIST, pageAddress(to.page));
    void navigate(`/orders/${to.orderNo}`);
    return true;
  };
  useShortcuts(
    [
      { key: 'j', run: () => go(next) },
      { key: 'k', run: () => go(previous) },
      { key: 'ArrowDown', alt: true, run: () => go(next) },
      { key: 'ArrowUp', alt: true, run: () => go(previous) },
      { key: 's', run: () => (onShip ? (onShip(), true) : false) },
      { key: '/', run: () => void navigate(`${LIST}${listAddress}`, { state: FOCUS_SEARCH }) },
    ],
    !dialogOpen,
  );

  return (
    <Flex align="center" gap={8}>
      {position ? (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('keyboard.order.position', { index: position.index, total: position.total })}
        </Typography.Text>
      ) : null}
      <Space.Compact>
        <Button icon={<LeftOutlined />} disabled={!previous} onClick={() => go(previous)} aria-keyshortcuts="K Alt+ArrowUp" title={`${t('keyboard.order.previous')} (K)`}>
          {t('keyboard.order.previous')}
        </Button>
        <Button icon={<RightOutlined />} iconPlacement="end" disabled={!next} onClick={() => go(next)} aria-keyshortcuts="J Alt+ArrowDown" title={`${t('keyboard.order.next')} (J)`}>
          {t('keyboard.order.next')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
