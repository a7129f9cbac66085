import type { CartLine } from '@simshop/contract';
import { Button } from 'antd-mobile';
import { Picture } from '@/components/picture';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { useState } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { Tick } from '@/components/tick';
import { BrandHeader } from '@/components/brand-header';
import { EmptyState, QueryState } from '@/components/page-states';
import { QuantityStepper } from '@/components/quantity-stepper';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';
import { openPage } from '@/lib/open-page';
import { saveOrderDraft } from '@/lib/order-draft';
import { ProductLabels } from '@/components/product-labels';
import { CardFeeNote } from '@/components/card-fee';
import { useCart } from '../api/list-cart';
import { useRemoveCartLines } from '../api/remove-cart-lines';
import { useSelectCartLines } from '../api/select-cart-lines';
import { useUpdateCartLine } from '../api/update-cart-line';
import { checkoutOf, groupByCurrency, groupByMerchant, toUnselect } from '../cart-currency';
import '../cart-merchants.css';
import { useCurrency } from '@/lib/currency';
import { OwnCurrencyNote } from '@/components/own-currency-note';

/**
 * The cart tab (SPEC §4 Cart): change quantities, select lines, remove, check out. An order is
 * paid in one currency: lines are grouped by currency with a subtotal each, selecting
 * lines of one currency unselects the other with a note, and "Check out" names its currency.
 */
export function CartPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The cart is asked in the customer's currency; each write's answer replaces the list asked in it.
  const currency = useCurrency();
  const navigate = useNavigate();
  const [note, setNote] = useState<string | null>(null);
  const cart = useCart();
  const update = useUpdateCartLine();
  const select = useSelectCartLines();
  const remove = useRemoveCartLines();

  const items = cart.data?.items ?? [];
  const groups = groupByCurrency(items);
  const mixed = groups.length > 1;
  const checkout = checkoutOf(items);
  const currencyName = (c: string) => t(`currency.${c}`);

  const choose = async (lines: CartLine[], selected: boolean) => {
    const buyable = lines.filter((l) => !l.soldOut);
    if (buyable.length === 0) return;
    const others = selected ? toUnselect(items, buyable) : [];
    try {
      if (others.length) {
        await select.mutateAsync({ ids: others, selected: false, i18n: lang, currency });
        setNote(t('cart.currency-switched', { currency: currencyName(buyable[0]!.currency) }));
      }
      await select.mutateAsync({ ids: buyable.map((l) => l.id), selected, i18n: lang, currency });
    } catch {
      // The client already said why; the list shows what the server kept.
    }
  };

  const startCheckout = () => {
    saveOrderDraft(checkout.lines.map((i) => ({ skuId: i.skuId, quantity: i.quantity, inputs: {}, cartItemId: i.id })));
    void navigate(paths['order-create'].path);
  };

  const removeLines = async (ids: number[]) => {
    if (ids.length === 0) return;
    const { Dialog } = await import('@/lib/overlays');
    if (!(await Dialog.confirm({ content: t('cart.remove.confirm'), confirmText: t('cart.remove'), cancelText: t('common.cancel') }))) return;
    remove.mutate({ ids, i18n: lang, currency });
  };

  return (
    <div className="page page--cart">
      <BrandHeader title={t('route.cart')} />
      <PullToRefresh onRefresh={async () => void (await cart.refetch())}>
        <main className="page-body">
          <QueryState
            query={cart}
            isEmpty={() => items.length === 0}
            empty={
              <EmptyState className="state state--empty cart-empty" title={t('cart.empty')} description={t('cart.empty.desc')}>
                <Button color="primary" shape="rounded" onClick={() => openPage('home')}>
                  {t('cart.browse')}
                </Button>
              </EmptyState>
            }
          >
            {() => (
              <>
                {mixed ? (
                  <p className="cart-note" role="status">
                    {note ?? t('cart.currency-note', { currency: currencyName(groups[0]!.currency), other: currencyName(groups[1]!.currency) })}
                  </p>
                ) : null}
                {groups.map((group) => {
                  const buyable = group.lines.filter((l) => !l.soldOut);
                  const picked = buyable.filter((l) => l.selected);
                  return (
                    <section key={group.currency} className="cart-group" aria-label={mixed ? currencyName(group.currency) : undefined}>
                      <div className="cart-group-head">
                        <Tick className="cart-select-all" checked={buyable.length > 0 && picked.length === buyable.length} disabled={buyable.length === 0} onChange={(v) => void choose(group.lines, v)}>
                          {mixed ? t('cart.select-currency', { currency: currencyName(group.currency) }) : t('cart.select-all')}
                        </Tick>
                        <Button size="small" fill="none" className="cart-remove-selected" disabled={picked.length === 0} onClick={() => void removeLines(picked.map((l) => l.id))}>
                          {t('cart.remove-selected')}
                        </Button>
                      </div>
                      {/* One order per merchant at checkout, so the lines are shown by merchant with each one's subtotal. */}
                      {groupByMerchant(group.lines).map((merchantGroup) => (
                        <div key={merchantGroup.merchant.id} className="cart-merchant" data-merchant={merchantGroup.merchant.id}>
                          <h3 className="cart-merchant-name">{merchantGroup.merchant.name}</h3>
                          <ul className="cart-lines">
                            {merchantGroup.lines.map((line) => (
                              <li key={line.id} className={line.soldOut ? 'card cart-line cart-line--out' : 'card cart-line'} data-currency={line.currency}>
                                <Tick className="cart-line-check" checked={line.selected && !line.soldOut} disabled={line.soldOut} onChange={(v) => void choose([line], v)}>
                                  <span className="visually-hidden">{line.name}</span>
                                </Tick>
                                <Link className="cart-line-image" to={paths.goods.getHref({ id: String(line.productId) })} aria-label={line.name}>
                                  <Picture src={imageUrl(line.images)} width={64} height={64} fit="contain" alt="" />
                                </Link>
                                <div className="cart-line-text">
                                  <div className="cart-line-name">{line.name}</div>
                                  <div className="muted">{line.options.join(' · ')}</div>
                                  <ProductLabels labels={line.labels} />
                                  {line.soldOut ? null : <OwnCurrencyNote currency={line.currency} />}
                                  <div className="cart-line-row">
                                    <span className="cart-line-price">{line.soldOut ? t('shop.sold-out') : money(line.unitPrice, line.currency)}</span>
                                    <QuantityStepper min={line.qtyMin} max={line.qtyMax} value={line.quantity} disabled={line.soldOut} label={t('cart.quantity', { name: line.name })} onChange={(quantity) => update.mutate({ id: line.id, quantity, i18n: lang, currency })} />
                                  </div>
                                  <Button size="small" fill="none" className="cart-line-remove" aria-label={`${t('cart.remove')} ${line.name}`} onClick={() => void removeLines([line.id])}>
                                    {t('cart.remove')}
                                  </Button>
                                </div>
                              </li>
                            ))}
                          </ul>
                          <div className="cart-merchant-subtotal muted">
                            {t('checkout.merchant-subtotal', { name: merchantGroup.merchant.name })} <strong>{money(merchantGroup.subtotal, group.currency)}</strong>
                          </div>
                        </div>
                      ))}
                      {mixed ? (
                        <div className="cart-subtotal">
                          {t('cart.subtotal')} <strong>{money(group.subtotal, group.currency)}</strong>
                        </div>
                      ) : null}
                    </section>
                  );
                })}
              </>
            )}
          </QueryState>
        </main>
      </PullToRefresh>
      {items.length ? (
        <div className="action-bar action-bar--tab cart-bar">
          <span className="cart-total">
            {t('cart.total')} <strong>{money(checkout.total, checkout.currency ?? groups[0]!.currency)}</strong>
            <CardFeeNote short />
          </span>
          <Button color="primary" disabled={checkout.lines.length === 0} onClick={startCheckout}>
            {mixed && checkout.currency ? t('cart.checkout-in', { currency: currencyName(checkout.currency), count: checkout.lines.length }) : t('cart.checkout', { count: checkout.lines.length })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
