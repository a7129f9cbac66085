import type { Currency } from '@simshop/contract';
import type { AuthedContext } from '../../http/context.ts';
import { handle, handleWithPrefetch, withTotal } from '../../http/handlers.ts';
import { customerCurrency } from '../../lib/customer-currency.ts';
import { languageOf } from '../../lib/i18n.ts';
import * as cart from './cart.service.ts';

/** Every cart answer carries the new count for the tab badge. */
async function cartWithTotal(ctx: AuthedContext, input: { i18n?: string | undefined; currency?: Currency | undefined }, prefetched?: ReturnType<typeof cart.prefetchCart>) {
  const lang = languageOf(input.i18n);
  const data = await cart.listCart(ctx.db, ctx.session.userId, lang, ctx.session.isReseller, customerCurrency(input.currency, ctx.session, lang), prefetched);
  return withTotal(data, { cart: data.items.length });
}

export const cartHandlers = [
  handleWithPrefetch('item', 'list', cart.prefetchCart, (ctx, input) => cartWithTotal(ctx, input, ctx.prefetched)),
  handle('item', 'save', async (ctx, input) => {
    const line = await cart.addToCart(ctx.db, ctx.session.userId, ctx.session.isReseller, input, ctx.now);
    return withTotal({ id: line.id, quantity: line.quantity }, await cart.userTotals(ctx.db, ctx.session.userId));
  }),
  handle('item', 'update', async (ctx, input) => {
    await cart.updateQuantity(ctx.db, ctx.session.userId, input, ctx.now);
    return cartWithTotal(ctx, input);
  }),
  handle('item', 'select', async (ctx, input) => {
    await cart.selectLines(ctx.db, ctx.session.userId, input, ctx.now);
    return cartWithTotal(ctx, input);
  }),
  handle('item', 'remove', async (ctx, input) => {
    await cart.removeLines(ctx.db, ctx.session.userId, input.ids);
    return cartWithTotal(ctx, input);
  }),
];
