import type { Language } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { esimDetail } from '../esim/esim.service.ts';
import type { FactsLoader, MailEsim } from '../notifications/notification-types.ts';
import { orderDetail } from '../orders/order-views.service.ts';

/**
 * What a customer's message shows, read from the modules that own it, as the customer's own
 * pages show it (the same order detail, the same eSIM codes). This sits above those modules and
 * the notifications module below them; the server hands this reader to the notifications' job.
 */
export const loadNotificationFacts: FactsLoader = async (db, event, lang) => {
  const user = await userById(db, event.userId);
  if (!user) return null;
  const recipient = {
    email: user.email,
    tel: user.tel,
    active: user.status === 'active',
  };
  if (event.kind === 'chat_answered' || event.kind === 'balance_alert') return { recipient };
  if (event.kind === 'esim_installed' || event.kind === 'usage_alert') {
    const esim = await ownEsim(db, user.id, event.esimId, lang);
    return esim ? { recipient, esims: [esim] } : null;
  }
  const order = await orderDetail(db, user.id, event.orderNo, lang).catch(gone);
  if (!order) return null;
  if (event.kind === 'order_placed') {
    const others = await Promise.all((event.orderNos ?? []).filter((n) => n !== order.orderNo).map((n) => orderDetail(db, user.id, n, lang).catch(gone)));
    return { recipient, order, orders: [order, ...others.filter((o) => o !== null)], pickupStore: order.pickupStore };
  }
  const esims = event.kind === 'esim_ready' ? (await Promise.all(order.esims.map((e) => ownEsim(db, user.id, e.id, lang)))).filter((e): e is MailEsim => e !== null) : undefined;
  return { recipient, order, pickupStore: order.pickupStore, esims };
};

/** Not found (deleted, or no longer the customer's) reads as nothing to tell; anything else is a failure to retry. */
function gone(err: unknown): null {
  if (err instanceof AppError) return null;
  throw err;
}

async function ownEsim(db: Executor, userId: number, id: number, lang: Language): Promise<MailEsim | null> {
  // No carrier: the mail needs the codes, not the network's usage.
  const esim = await esimDetail(db, null, userId, id, lang, Date.now()).catch(gone);
  return esim
    ? {
        id: esim.id,
        name: esim.name,
        plan: esim.plan,
        activationCode: esim.activationCode,
        dpAddress: esim.dpAddress,
        lpa: esim.lpa,
        iccid: esim.iccid,
      }
    : null;
}
