import { serverErrors, type Language } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { userById } from '../accounts/account.service.ts';
import { requestStockNotice, type StockNoticeCaller } from '../catalogue/stock-notice.service.ts';

/**
 * "Notify me when it is back" from the goods page. The catalogue keeps the requests and sends
 * the notices (it is where stock comes back); the account's address is the accounts module's,
 * above the catalogue, so the two meet here: an e-mail address typed in is used as given,
 * otherwise a signed-in caller's own e-mail, or phone when the account has no e-mail.
 */
export async function askBackInStock(db: Database, caller: StockNoticeCaller, input: { id: number; email?: string | undefined; language: Language; smsBudget: number }, now: number) {
  let to: { channel: 'email' | 'sms'; address: string } | null = input.email ? { channel: 'email', address: input.email } : null;
  if (!to && caller.userId !== null) {
    const user = await userById(db, caller.userId);
    if (user?.email) to = { channel: 'email', address: user.email };
    else if (user?.tel) to = { channel: 'sms', address: user.tel };
  }
  if (!to) throw new AppError(serverErrors.paramMissing, 'email');
  return requestStockNotice(db, caller, { productId: input.id, ...to, language: input.language, smsBudget: input.smsBudget }, now);
}
