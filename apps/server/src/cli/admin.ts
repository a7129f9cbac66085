import { readFileSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { parseCsv } from '../lib/csv.ts';
import { allowResellerAccount, setAccountRole, setAccountStatus, userIdOf } from '../modules/accounts/account-admin.service.ts';
import { creditBalance } from '../modules/balance/balance.service.ts';
import { importProducts, importStock } from '../modules/catalogue/catalogue-admin.service.ts';
import { advanceServiceOrder, approveRefund, deliverOrder, rejectRefund, shipOrder } from '../modules/orders/order-admin.service.ts';

/**
 * The owner's command line until the operator console exists:
 *   npm run admin -- <command> ...
 * It works on the database the server uses (DATA_DIR / DATABASE_URL), through the same
 * services and state machine as the shop itself.
 */
const USAGE = `Usage: npm run admin -- <command>

Orders
  ship <orderNo> <carrier> <trackingNo> [--partial]   carriers: sf yunda shentong yuantong best zto dhl dhl_express dhl_ecommerce ems china_post hk_post aramex online
  deliver <orderNo>                                   a digital order handed over
  refund approve <orderNo> [amount]                   amount in major units (e.g. 12.50); the whole total when left out
  refund reject <orderNo> [reason]
  service <orderNo> <event>                           verify start_inquiry finish_inquiry fail_inquiry start_progress unlock fail_unlock complete

Catalogue
  products import <file.csv>                          one row per SKU: product,sku,kind,name_en,name_zh,currency,price,... (docs/operations.md)
  stock import <file.csv>                             sku,stock

Accounts
  balance credit <account> <amount> <USD|CNY> [reason]
  user allow-reseller <account> [off]
  user role <account> <1|2|3|6>
  user status <account> <active|blacklisted|rejected|invalid|frozen>
`;

const toMinor = (amount: string | undefined) => {
  const value = Number(amount);
  if (amount === undefined || !Number.isFinite(value) || value <= 0) throw new Error(`not an amount: ${amount}`);
  return Math.round(value * 100);
};

async function main(args: string[]): Promise<string> {
  const [command, sub, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const config = loadConfig();
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = Date.now();
  try {
    await migrateToLatest(db);
    switch (`${command} ${['refund', 'products', 'stock', 'balance', 'user'].includes(command) ? sub : ''}`.trim()) {
      case 'ship':
        await shipOrder(db, { orderNo: sub!, carrier: rest[0] ?? '', trackingNo: rest[1] ?? '', partial: rest.includes('--partial') }, now);
        return `shipped ${sub}`;
      case 'deliver':
        await deliverOrder(db, sub!, now);
        return `delivered ${sub}`;
      case 'refund approve':
        await approveRefund(db, rest[0]!, rest[1] === undefined ? undefined : toMinor(rest[1]), now);
        return `refund approved for ${rest[0]}`;
      case 'refund reject':
        await rejectRefund(db, rest[0]!, rest.slice(1).join(' '), now);
        return `refund rejected for ${rest[0]}`;
      case 'service':
        await advanceServiceOrder(db, sub!, rest[0] ?? '', now);
        return `${sub}: ${rest[0]}`;
      case 'products import': {
        const r = await importProducts(db, parseCsv(readFileSync(rest[0]!, 'utf8')), now);
        return `imported: ${r.products} new products, ${r.skusAdded} SKUs added, ${r.skusUpdated} updated`;
      }
      case 'stock import':
        return `stock set for ${await importStock(db, parseCsv(readFileSync(rest[0]!, 'utf8')))} SKUs`;
      case 'balance credit': {
        const userId = await userIdOf(db, rest[0]!);
        const currency = rest[2];
        if (currency !== 'USD' && currency !== 'CNY') throw new Error('currency must be USD or CNY');
        const after = await db.transaction().execute((tx) => creditBalance(tx, { userId, currency, amount: toMinor(rest[1]), reason: rest.slice(3).join(' ') || 'credited by the shop', orderId: null }, now));
        return `balance of ${rest[0]} is now ${(after / 100).toFixed(2)} ${currency}`;
      }
      case 'user allow-reseller':
        await allowResellerAccount(db, rest[0]!, rest[1] !== 'off', now);
        return `${rest[0]} ${rest[1] === 'off' ? 'may not' : 'may'} create a reseller account`;
      case 'user role':
        await setAccountRole(db, rest[0]!, Number(rest[1]), now);
        return `${rest[0]} has role ${rest[1]}`;
      case 'user status':
        await setAccountStatus(db, rest[0]!, rest[1] ?? '', now);
        return `${rest[0]} is ${rest[1]}`;
      default:
        throw new Error(`unknown command\n\n${USAGE}`);
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (message) => console.log(message),
  (err: unknown) => {
    const message = err instanceof AppError ? `${err.def.en}${err.field ? ` (${err.field})` : ''}` : err instanceof Error ? err.message : String(err);
    console.error(`admin: ${message}`);
    process.exit(1);
  },
);
