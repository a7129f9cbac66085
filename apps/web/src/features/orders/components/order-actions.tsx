import { Button, Dialog } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OrderAction } from '@simshop/contract';
import { paths } from '@/config/paths';
import { call } from '@/lib/api-client';
import { openLink } from '@/lib/open-page';
import { toast } from '@/lib/toast';

/** The buttons for what the server says the customer may do with an order (its `actions`). */
export function OrderActions({ order, hideDetail = false }: { order: { orderNo: string; actions: OrderAction[]; trackingUrl?: string | null }; hideDetail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['orders'] });

  const confirmed = (action: string) => Dialog.confirm({ content: t(`order.action.${action}.confirm`), confirmText: t('common.confirm'), cancelText: t('common.cancel') });

  const run = async (action: OrderAction) => {
    const ref = { orderNo: order.orderNo };
    switch (action) {
      case 'detail':
        return void navigate(paths['order-detail'].getHref(ref));
      case 'pay':
        return void navigate(paths['order-pay'].getHref(ref));
      case 'modify_address':
        return void navigate(paths['order-address'].getHref(ref));
      case 'refund':
        return void navigate(paths['order-refund'].getHref(ref));
      case 'logistics':
        if (order.trackingUrl) openLink({ type: 'outer', url: order.trackingUrl, target: '_blank' });
        else void navigate(paths['order-detail'].getHref(ref));
        return;
      case 'cancel':
        if (!(await confirmed('cancel'))) return;
        await call('order', 'cancel', ref);
        break;
      case 'confirm_receipt':
        if (!(await confirmed('confirm_receipt'))) return;
        await call('order', 'confirm_receipt', ref);
        break;
      case 'delete':
        if (!(await confirmed('delete'))) return;
        await call('order', 'delete', ref);
        toast.success(t('common.success'));
        await refresh();
        // The order is gone: its detail page has nothing left to show.
        if (hideDetail) void navigate(paths.order.path, { replace: true });
        return;
    }
    toast.success(t('common.success'));
    await refresh();
  };

  const shown = order.actions.filter((a) => !(hideDetail && a === 'detail'));
  return (
    <div className="order-actions">
      {shown.map((a) => (
        <Button key={a} size="small" color={a === 'pay' ? 'primary' : 'default'} fill={a === 'pay' ? 'solid' : 'outline'} onClick={() => void run(a).catch(() => undefined)}>
          {t(`order.action.${a}`)}
        </Button>
      ))}
    </div>
  );
}
