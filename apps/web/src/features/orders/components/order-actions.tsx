import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from '@/i18n';
import { useNavigate } from '@/lib/router';
import type { OrderAction, OrderDetail } from '@simshop/contract';
import { paths } from '@/config/paths';
import { openLink } from '@/lib/open-page';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useConfirmReceipt } from '../api/confirm-receipt';
import { useDeleteOrder } from '../api/delete-order';
import { useRefundNowFlow } from './refund-now';

type ActionsOrder = { orderNo: string; actions: OrderAction[]; trackingUrl?: string | null } & Partial<Pick<OrderDetail, 'total' | 'currency' | 'payMethod' | 'instantRefund'>>;

/**
 * The buttons for what the server says the customer may do with an order (its `actions`). An order
 * the shop refunds at once by rule (its detail's `instantRefund`) has "Refund now" for "Refund".
 */
export function OrderActions({ order, hideDetail = false }: { order: ActionsOrder; hideDetail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const confirmReceipt = useConfirmReceipt();
  const remove = useDeleteOrder();
  const refundNow = useRefundNowFlow();
  const instant = order.instantRefund && order.total !== undefined && order.currency !== undefined ? { orderNo: order.orderNo, total: order.total, currency: order.currency, payMethod: order.payMethod ?? null } : null;

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
        if (instant) return void (await refundNow(instant));
        return void navigate(paths['order-refund'].getHref(ref));
      case 'logistics':
        if (order.trackingUrl) openLink({ type: 'outer', url: order.trackingUrl, target: '_blank' });
        else void navigate(paths['order-detail'].getHref(ref));
        return;
      case 'cancel':
        if (!(await confirmed('cancel'))) return;
        await cancel.mutateAsync(ref);
        break;
      case 'confirm_receipt':
        if (!(await confirmed('confirm_receipt'))) return;
        await confirmReceipt.mutateAsync(ref);
        break;
      case 'delete':
        if (!(await confirmed('delete'))) return;
        await remove.mutateAsync(ref);
        toast.success(t('common.success'));
        // The order is gone: its detail page has nothing left to show.
        if (hideDetail) void navigate(paths.order.path, { replace: true });
        return;
    }
    toast.success(t('common.success'));
  };

  const shown = order.actions.filter((a) => !(hideDetail && a === 'detail'));
  return (
    <div className="order-actions">
      {shown.map((a) => (
        <Button key={a} size="small" color={a === 'pay' ? 'primary' : 'default'} fill={a === 'pay' ? 'solid' : 'outline'} onClick={() => void run(a).catch(() => undefined)}>
          {a === 'refund' && instant ? t('order.refund-now.action') : t(`order.action.${a}`)}
        </Button>
      ))}
    </div>
  );
}
