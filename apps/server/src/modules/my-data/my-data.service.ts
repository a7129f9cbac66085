import { confirmsDeletion, isResellerRole, serverErrors, type Language, type MyDataExport } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { anonymiseAccount, ownAccount } from '../accounts/account.service.ts';
import { listAddresses, MAX_ADDRESSES, removeAllAddresses } from '../addresses/address.service.ts';
import { ledgerOfUser, listBalances } from '../balance/balance.service.ts';
import { clearCart } from '../cart/cart.service.ts';
import { forgetStockNoticesOf } from '../catalogue/stock-notice.service.ts';
import { anonymiseReviews } from '../comments/comment.service.ts';
import { devicesOf, unbindAllDevices } from '../devices/device.service.ts';
import { esimsOfUser } from '../esim/esim.service.ts';
import { conversationOf, deleteConversationOf } from '../messages/message.service.ts';
import { ordersBlockingDeletion, ordersWithItemsOf, reduceAddressCopies } from '../orders/order-personal-data.service.ts';
import { recordSecurityEvent, type EventLog } from '../security/security-event.service.ts';
import { unlinkWechat, wechatLinked } from '../wechat/wechat.service.ts';
import { myDataDocument } from './my-data-document.ts';

/**
 * "My data" in Mine: the customer's own export and the deletion of their account. A module above
 * the domains it gathers from, each through its service (as customer-page does for the console).
 */

interface Caller {
  userId: number;
  ip: string;
  now: number;
  log?: EventLog | undefined;
}

/** Security events name the account by id only: the log outlives the account's personal data. */
const accountLabel = (userId: number) => `user #${userId}`;

export async function exportMyData(db: Executor, caller: Caller, lang: Language): Promise<MyDataExport> {
  const { userId } = caller;
  const account = await ownAccount(db, userId);
  const [addresses, orders, esims, messages, balances, ledger, devices, wechat] = await Promise.all([
    // An account keeps at most MAX_ADDRESSES, so one page holds them all.
    listAddresses(db, userId, 1, MAX_ADDRESSES),
    ordersWithItemsOf(db, userId),
    esimsOfUser(db, userId),
    conversationOf(db, userId),
    listBalances(db, userId),
    ledgerOfUser(db, userId),
    devicesOf(db, userId),
    wechatLinked(db, userId),
  ]);
  const document = myDataDocument(
    {
      account,
      reseller: isResellerRole(account.role),
      wechatLinked: wechat,
      addresses: addresses.items,
      orders,
      esims,
      messages,
      balances: balances.items,
      ledger,
      devices,
    },
    lang,
    caller.now,
  );
  await recordSecurityEvent(db, caller.log, { kind: 'customer_data_exported', account: accountLabel(userId), ip: caller.ip }, caller.now);
  return document;
}

/**
 * Deletes the caller's account, once they typed it as shown and nothing is left to settle: no
 * money on a balance, no order unpaid or under way. In one transaction the account loses its
 * personal data, its addresses, cart, devices, WeChat link, conversation and back-in-stock
 * notices go, the kept orders'
 * address copies are reduced to the country, reviews lose the name, every session ends and the
 * security event is written; any refusal writes nothing.
 */
export async function deleteMyAccount(db: Database, caller: Caller, confirm: string): Promise<{ ok: true }> {
  const { userId, now } = caller;
  await db.transaction().execute(async (tx) => {
    const account = await ownAccount(tx, userId);
    if (!confirmsDeletion(account, confirm)) throw new AppError(serverErrors.accountDeleteConfirmMismatch, 'confirm');
    const { items: balances } = await listBalances(tx, userId);
    if (balances.some((b) => b.amount !== 0)) throw new AppError(serverErrors.accountDeleteBalance);
    if ((await ordersBlockingDeletion(tx, userId)) > 0) throw new AppError(serverErrors.accountDeleteOrdersOpen);

    await removeAllAddresses(tx, userId);
    await clearCart(tx, userId);
    await unbindAllDevices(tx, userId);
    await unlinkWechat(tx, userId);
    await deleteConversationOf(tx, userId);
    await forgetStockNoticesOf(tx, userId);
    await reduceAddressCopies(tx, userId, now);
    await anonymiseReviews(tx, userId);
    await anonymiseAccount(tx, userId, now);
    await recordSecurityEvent(tx, caller.log, { kind: 'customer_account_deleted', account: accountLabel(userId), ip: caller.ip }, now);
  });
  return { ok: true };
}
