import type { OrderDetail } from '@simshop/contract';
import { Button, Dialog } from 'antd-mobile';
import { useId } from 'react';
import { TitledCard } from '@/components/titled-card';
import { useLanguage, useTranslation } from '@/i18n';
import { formatDate } from '@/lib/format-date';
import { money } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useWithdraw } from '../api/withdraw';
import '@/components/eu-consent.css';

/**
 * An EU consumer's right of withdrawal on the order page: what the right is and until when, the
 * clearly labelled "Withdraw from contract", a confirmation that sums up what is withdrawn and
 * what follows, then the withdrawal. Once withdrawn, when it was; the consent given at checkout.
 */
export function WithdrawalCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const withdraw = useWithdraw();
  const w = order.withdrawal;
  if (!w || (!w.offer && w.withdrawnAt === null && w.consentAt === null)) return null;
  const offer = w.offer;

  const confirm = async () => {
    if (!offer) return;
    const items = order.items.map((i) => `${i.name} × ${i.quantity}`).join(', ');
    const amount = money(order.total, order.currency);
    const ok = await Dialog.confirm({
      title: t('order.withdrawal.confirm.title'),
      content: (
        <div className="withdrawal-summary">
          <p>{t('order.withdrawal.confirm.what', { orderNo: order.orderNo, items })}</p>
          <p>{t(offer.kind === 'refund' ? 'order.withdrawal.confirm.refund' : 'order.withdrawal.confirm.return', { amount })}</p>
          <p className="muted">{t('order.withdrawal.confirm.mail')}</p>
        </div>
      ),
      confirmText: t('order.withdrawal.confirm.ok'),
      cancelText: t('order.withdrawal.confirm.keep'),
    });
    if (!ok) return;
    await withdraw.mutateAsync({ orderNo: order.orderNo, i18n: lang });
    toast.success(t('order.withdrawal.done'));
  };

  const offerText = offer
    ? offer.until === null
      ? t('order.withdrawal.offer.return-open')
      : t(offer.kind === 'refund' ? 'order.withdrawal.offer.refund' : 'order.withdrawal.offer.return', { date: formatDate(offer.until, lang, 'dateTime') })
    : null;
  return (
    <TitledCard id={`${id}-title`} className="withdrawal-card" title={t('order.withdrawal.title')}>
      {w.withdrawnAt !== null ? <p role="status">{t('order.withdrawal.withdrawn', { date: formatDate(w.withdrawnAt, lang, 'dateTime') })}</p> : null}
      {offerText ? <p>{offerText}</p> : null}
      {w.consentAt !== null && w.withdrawnAt === null ? <p className="muted">{t('order.withdrawal.consent', { date: formatDate(w.consentAt, lang, 'dateTime') })}</p> : null}
      {offer ? (
        <Button block fill="outline" loading={withdraw.isPending} onClick={() => void confirm()}>
          {t('order.withdrawal.action')}
        </Button>
      ) : null}
    </TitledCard>
  );
}
