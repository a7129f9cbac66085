import { Button, Checkbox, Dialog, Image, PullToRefresh, Stepper } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandHeader } from '@/components/brand-header';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n';
import { call } from '@/lib/api-client';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { saveOrderDraft } from '@/lib/order-draft';

/** The cart tab (SPEC §4 Cart): change quantities, select lines, remove, check out at least one. */
export function CartPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useQuery({ queryKey: ['cart', lang], queryFn: ({ signal }) => call('item', 'list', { i18n: lang }, { signal }) });
  const put = (data: Awaited<ReturnType<typeof call<'item', 'list'>>>) => queryClient.setQueryData(['cart', lang], data);
  const update = useMutation({ mutationFn: (v: { id: number; quantity: number }) => call('item', 'update', { ...v, i18n: lang }), onSuccess: put });
  const select = useMutation({ mutationFn: (v: { ids: number[]; selected: boolean }) => call('item', 'select', { ...v, i18n: lang }), onSuccess: put });
  const remove = useMutation({ mutationFn: (ids: number[]) => call('item', 'remove', { ids, i18n: lang }), onSuccess: put });

  const items = cart.data?.items ?? [];
  const buyable = items.filter((i) => !i.soldOut);
  const chosen = buyable.filter((i) => i.selected);
  const currency = chosen[0]?.currency ?? items[0]?.currency ?? 'USD';
  const total = chosen.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
  const allSelected = buyable.length > 0 && chosen.length === buyable.length;

  const checkout = () => {
    saveOrderDraft(chosen.map((i) => ({ skuId: i.skuId, quantity: i.quantity, inputs: {}, cartItemId: i.id })));
    void navigate(paths['order-create'].path);
  };

  const removeLine = async (id: number) => {
    if (!(await Dialog.confirm({ content: t('cart.remove.confirm'), confirmText: t('cart.remove'), cancelText: t('common.cancel') }))) return;
    remove.mutate([id]);
  };

  const removeSelected = async () => {
    if (!(await Dialog.confirm({ content: t('cart.remove.confirm'), confirmText: t('cart.remove'), cancelText: t('common.cancel') }))) return;
    remove.mutate(chosen.map((i) => i.id));
  };

  return (
    <div className="page page--cart">
      <BrandHeader title={t('route.cart')} />
      <PullToRefresh onRefresh={async () => void (await cart.refetch())}>
        <main className="page-body">
          {cart.isPending ? <LoadingState /> : cart.isError ? <ErrorState onRetry={() => void cart.refetch()} /> : items.length === 0 ? (
            <EmptyState title={t('cart.empty')}>
              <Button color="primary" onClick={() => openPage('home')}>{t('cart.go-shopping')}</Button>
            </EmptyState>
          ) : (
            <ul className="cart-lines">
              {items.map((line) => (
                <li key={line.id} className={line.soldOut ? 'card cart-line cart-line--out' : 'card cart-line'}>
                  <Checkbox checked={line.selected && !line.soldOut} disabled={line.soldOut} onChange={(v) => select.mutate({ ids: [line.id], selected: v })} aria-label={line.name} />
                  <Image src={imageUrl(line.images)} width={64} height={64} fit="cover" alt="" onClick={() => openPage(paths.goods.getHref({ id: String(line.productId) }))} />
                  <div className="cart-line-text">
                    <div className="cart-line-name">{line.name}</div>
                    <div className="muted">{line.options.join(' · ')}</div>
                    <div className="cart-line-price">{line.soldOut ? t('shop.sold-out') : money(line.unitPrice, line.currency)}</div>
                  </div>
                  <div className="cart-line-side">
                    <Stepper min={line.qtyMin} max={line.qtyMax} value={line.quantity} disabled={line.soldOut} onChange={(quantity) => update.mutate({ id: line.id, quantity })} />
                    <Button size="mini" fill="none" aria-label={`${t('cart.remove')} ${line.name}`} onClick={() => void removeLine(line.id)}>
                      {t('cart.remove')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </main>
      </PullToRefresh>
      {items.length ? (
        <div className="action-bar action-bar--tab">
          <Checkbox checked={allSelected} onChange={(v) => select.mutate({ ids: buyable.map((i) => i.id), selected: v })}>{t('cart.select-all')}</Checkbox>
          <Button size="small" fill="none" disabled={chosen.length === 0} onClick={() => void removeSelected()}>{t('cart.remove')}</Button>
          <span className="cart-total">{t('cart.total')} <strong>{money(total, currency)}</strong></span>
          <Button color="primary" disabled={chosen.length === 0} onClick={checkout}>{t('cart.checkout', { count: chosen.length })}</Button>
        </div>
      ) : null}
    </div>
  );
}
