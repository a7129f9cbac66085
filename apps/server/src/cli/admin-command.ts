import { readFileSync } from 'node:fs';
import { loadConfig, type Config } from '../config.ts';
import { backupSqlite, restoreSqlite } from '../db/sqlite-backup.ts';
import { restoreSendsPostgres } from '../db/postgres-restore.ts';
import { RESTORE_ID_GAP, type KeptSends } from '../db/restore-rules.ts';
import { createDatabase, migrateToLatest } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { allowResellerAccount, creditCustomerBalance, lockCustomerBalance, setAccountRole, setAccountStatus, userIdOf } from '../modules/accounts/account-admin.service.ts';
import { closeGenerateClass, importPoolFile, openClass, ownerClasses } from '../modules/reseller-esim/reseller-esim.service.ts';
import { importProducts, importStock } from '../modules/catalogue/catalogue-import.service.ts';
import { advanceServiceOrder, deliverOrder, shipOrder } from '../modules/orders/order-admin.service.ts';
import { approveRefund, refundNotIssued, rejectRefund } from '../modules/payments/refund.service.ts';
import { shopConversation, shopConversations, shopReply } from '../modules/messages/message.service.ts';
import { importArticles, listAllArticles } from '../modules/articles/article.service.ts';
import { articleImportSchema, STAFF_ROLES, staffCreateRequest, type Fulfilment } from '@simshop/contract';
import { cliActor } from '../modules/audit/audit.service.ts';
import { fulfilmentStatus, fulfilNow } from '../modules/orders/order-fulfilment.service.ts';
import { retryFailedJob } from '../jobs/outbox.ts';
import { Topic } from '../jobs/topics.ts';
import { createStaffMember, listStaffMembers, resetStaffPassword, resetStaffTotp, staffIdByEmail } from '../modules/staff/staff.service.ts';

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
  fulfil status <orderNo>                             a paid order's issuing (eSIM, recharge): waiting or delayed, tries, last error
  fulfil now <orderNo>                                tries its issuing now instead of after the back-off
  fulfil refund <orderNo>                             refunds it in full instead, without the customer asking
  job retry <id>                                      runs a background job that gave up once more

Catalogue
  products import <file.csv>                          one row per SKU: product,sku,kind,name_en,name_zh,currency,price,... (docs/operations.md)
  stock import <file.csv>                             sku,stock

Accounts
  balance credit <account> <amount> <USD|CNY> [reason]
  balance lock <account> <USD|CNY> [off] [reason]    a locked balance pays nothing (generate, balance payments)
  user allow-reseller <account> [off]
  user role <account> <1|2|3|6>
  user status <account> <active|blacklisted|rejected|invalid|frozen>

Manage eSIM (reseller generation)
  esim-class list                                     every class resellers generate from: SKU, class, price, left, open
  esim-class open <sku> <class> [sort]                lets resellers generate from a pool SKU as eSIM class <class> (3 self, 24 QPE pre-generated, ...) at its wholesale price
  esim-class close <sku>
  pool import <sku> <file.csv>                        activation_code,dp_address[,iccid][,class]: adds profiles to a SKU's pool; its stock grows

Messages with customers
  message list                                        every conversation, newest first, with the unread count
  message list <account> [count]                      one conversation (last 50 unless told); marks it read
  message reply <account> <text...>                   answers as the shop; the customer sees it within seconds

Staff (the operator console at /console/)
  staff create <email> <owner|operator|support|finance> [name]   prints a one-time password to sign in with
  staff list
  staff reset <email>                                  a lost password or authenticator: a new one-time password, two-step sign-in off

Backups (SQLite; PostgreSQL: pg_dump -Fc and pg_restore, docs/deploy.md)
  backup <file>                                       a consistent copy of the live shop's database, checked
  restore <file>                                      puts a backup in place (no server may be running); the old database is kept beside it,
                                                      and what it sent after the backup is not sent again
  restore-sends <database>                            PostgreSQL, after pg_restore into a new database (no process running): carries into it
                                                      what the shop's database (DATABASE_URL) sent after the dump, so nothing is sent twice

Tutorials
  article list
  article import <file.json>                          [{slug,title:{en,zh},content:{en,zh},sort,published}]; adds or updates by slug
`;

const describeFulfilment = (f: Fulfilment) =>
  f.state === null
    ? `${f.orderNo}: nothing waits to be issued`
    : `${f.orderNo}: ${f.state === 'delayed' ? 'issuing delayed (the owner was alerted)' : 'issuing'}${f.running ? ', running now' : ''}; ${f.attempts} tries; next try ${new Date(f.nextTryAt ?? 0).toISOString()}${f.lastError ? `; last error: ${f.lastError}` : ''}`;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The outbox topics whose whole work is a message: done in the replaced database, done in the restored one. */
const SEND_TOPICS = [Topic.mailSend, Topic.smsSend, Topic.notificationSend, Topic.messageAway];

const describeKept = (k: KeptSends, replaced: string) =>
  k.sameShop
    ? `kept what the replaced database had sent since the backup: ${k.jobsDone} waiting message jobs done, ${k.notificationsSent} notifications sent, ${k.sendRecords} send records`
    : `${k.unreadable ? `the replaced database could not be read (${k.unreadable}), so` : `no later database of this shop was replaced (${replaced}), so`} nothing could be kept of what it sent after the backup: waiting mails and SMS may go out a second time; ids start ${RESTORE_ID_GAP.toLocaleString('en')} past the backup's`;

/** PostgreSQL: `<database>` is a name on the shop's server (DATABASE_URL's user and password) or a URL of its own. */
async function restoreSendsCommand(database: string | undefined, config: Config): Promise<string> {
  if (!config.databaseUrl) throw new Error('restore-sends is for PostgreSQL (DATABASE_URL): on SQLite, npm run admin -- restore <file> does it all');
  if (!database) throw new Error('restore-sends needs the database the dump was restored into: npm run admin -- restore-sends <database>');
  let restoredUrl = database;
  if (!database.includes('://')) {
    const url = new URL(config.databaseUrl);
    url.pathname = `/${encodeURIComponent(database)}`;
    restoredUrl = url.toString();
  }
  const r = await restoreSendsPostgres(restoredUrl, config.databaseUrl, SEND_TOPICS);
  return `${r.restored}: ${r.orders} orders, ${r.migrations} migrations; ${describeKept(r.kept, r.replaced)}. Now swap the names (as the postgres user): ALTER DATABASE ${r.replaced} RENAME TO ${r.replaced}_before_restore_<date>; ALTER DATABASE ${r.restored} RENAME TO ${r.replaced}; then start the processes: they run the jobs the dump still had waiting.`;
}

async function backupCommand(command: 'backup' | 'restore', file: string | undefined, config: Config): Promise<string> {
  if (config.databaseUrl) throw new Error('this shop runs on PostgreSQL: back it up with pg_dump -Fc and restore with pg_restore and restore-sends (docs/deploy.md, "Backups")');
  if (!file) throw new Error(`${command} needs a file: npm run admin -- ${command} <file>`);
  if (command === 'backup') {
    const started = Date.now();
    const b = await backupSqlite(config.dataDir, file);
    return `backup written to ${b.file}: ${b.orders} orders, ${megabytes(b.bytes)}, integrity ok, in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  }
  const r = restoreSqlite(config.dataDir, file, Date.now(), SEND_TOPICS);
  const carried = describeKept(r.kept, r.file);
  return `restored ${file} into ${r.file}: ${r.orders} orders, integrity ok${r.previous ? `; the database it replaced is kept as ${r.previous}` : ''}; ${carried}. Start the server: it runs the jobs the backup still had waiting.`;
}

const toMinor = (amount: string | undefined) => {
  const value = Number(amount);
  if (amount === undefined || !Number.isFinite(value) || value <= 0) throw new Error(`not an amount: ${amount}`);
  return Math.round(value * 100);
};

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [command, sub, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const config = loadConfig(env);
  if (command === 'backup' || command === 'restore') return backupCommand(command, sub, config);
  if (command === 'restore-sends') return restoreSendsCommand(sub, config);
  const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = Date.now();
  try {
    await migrateToLatest(db);
    switch (`${command} ${['refund', 'products', 'stock', 'balance', 'user', 'message', 'article', 'esim-class', 'pool', 'staff', 'fulfil', 'job'].includes(command) ? sub : ''}`.trim()) {
      case 'ship':
        await shipOrder(db, cliActor(), { orderNo: sub!, carrier: rest[0] ?? '', trackingNo: rest[1] ?? '', partial: rest.includes('--partial') }, now);
        return `shipped ${sub}`;
      case 'deliver':
        await deliverOrder(db, cliActor(), sub!, now);
        return `delivered ${sub}`;
      case 'refund approve':
        await approveRefund(db, cliActor(), rest[0]!, rest[1] === undefined ? undefined : toMinor(rest[1]), now);
        return `refund approved for ${rest[0]}`;
      case 'refund reject':
        await rejectRefund(db, cliActor(), rest[0]!, rest.slice(1).join(' '), now);
        return `refund rejected for ${rest[0]}`;
      case 'service':
        await advanceServiceOrder(db, cliActor(), sub!, rest[0] ?? '', now);
        return `${sub}: ${rest[0]}`;
      case 'fulfil status':
        return describeFulfilment(await fulfilmentStatus(db, rest[0] ?? '', now));
      case 'fulfil now':
        return describeFulfilment(await fulfilNow(db, cliActor(), rest[0] ?? '', now));
      case 'fulfil refund':
        await refundNotIssued(db, cliActor(), rest[0] ?? '', now);
        return `${rest[0]}: refunded in full; nothing will be issued`;
      case 'job retry': {
        const job = await retryFailedJob(db, cliActor(), Number(rest[0]), now);
        return `job ${job.id} (${job.topic}) runs again now`;
      }
      case 'products import': {
        const r = await importProducts(db, cliActor(), readFileSync(rest[0]!, 'utf8'), now);
        return `imported: ${r.products} new products, ${r.skusAdded} SKUs added, ${r.skusUpdated} updated`;
      }
      case 'stock import':
        return `stock set for ${await importStock(db, cliActor(), readFileSync(rest[0]!, 'utf8'), now)} SKUs`;
      case 'balance credit': {
        const userId = await userIdOf(db, rest[0]!);
        const currency = rest[2];
        if (currency !== 'USD' && currency !== 'CNY') throw new Error('currency must be USD or CNY');
        const { balance } = await creditCustomerBalance(db, cliActor(), { id: userId, currency, amount: toMinor(rest[1]), reason: rest.slice(3).join(' ') || 'credited by the shop' }, now);
        return `balance of ${rest[0]} is now ${(balance.amount / 100).toFixed(2)} ${currency}`;
      }
      case 'balance lock': {
        const currency = rest[1];
        if (currency !== 'USD' && currency !== 'CNY') throw new Error('currency must be USD or CNY');
        const locked = rest[2] !== 'off';
        await lockCustomerBalance(db, cliActor(), { id: await userIdOf(db, rest[0]!), currency, locked, reason: rest.slice(locked ? 2 : 3).join(' ') || 'from the command line' }, now);
        return `${currency} balance of ${rest[0]} is ${rest[2] === 'off' ? 'unlocked' : 'locked'}`;
      }
      case 'esim-class list': {
        const rows = await ownerClasses(db);
        return rows.length === 0 ? 'no classes' : rows.map((c) => `${c.skuCode} class ${c.class} ${c.name.en}: ${(c.unitPrice / 100).toFixed(2)} ${c.currency}, ${c.available} left, ${c.open ? 'open' : 'closed'}`).join('\n');
      }
      case 'esim-class open':
        await openClass(db, cliActor(), { sku: { code: rest[0] ?? '' }, class: Number(rest[1]), sort: Number(rest[2] ?? 0) || 0 }, now);
        return `resellers may generate from ${rest[0]} as class ${rest[1]}`;
      case 'esim-class close':
        await closeGenerateClass(db, cliActor(), { code: rest[0] ?? '' }, now);
        return `resellers may no longer generate from ${rest[0]}`;
      case 'pool import': {
        const r = await importPoolFile(db, cliActor(), { code: rest[0] ?? '' }, readFileSync(rest[1]!, 'utf8'), now);
        return `pool of ${rest[0]}: ${r.added} added, ${r.skipped} already there`;
      }
      case 'user allow-reseller':
        await allowResellerAccount(db, cliActor(), rest[0]!, rest[1] !== 'off', now);
        return `${rest[0]} ${rest[1] === 'off' ? 'may not' : 'may'} create a reseller account`;
      case 'user role':
        await setAccountRole(db, cliActor(), rest[0]!, Number(rest[1]), now);
        return `${rest[0]} has role ${rest[1]}`;
      case 'user status':
        await setAccountStatus(db, cliActor(), rest[0]!, rest[1] ?? '', now);
        return `${rest[0]} is ${rest[1]}`;
      case 'message list': {
        const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
        if (rest[0]) {
          const thread = await shopConversation(db, rest[0], Number(rest[1] ?? 50) || 50, now);
          return thread.length === 0 ? 'no messages' : thread.map((m) => `#${m.id} ${when(m.createdAt)} ${m.from === 'shop' ? 'shop    ' : 'customer'} ${m.content}`).join('\n');
        }
        const all = await shopConversations(db);
        if (all.length === 0) return 'no conversations';
        return all.map((c) => `${c.account} (${c.nickname}): ${c.messages} messages, ${c.unread} unread; last ${c.last ? `${when(c.last.createdAt)} ${c.last.from}: ${c.last.content.slice(0, 60)}` : '-'}`).join('\n');
      }
      case 'message reply': {
        const sent = await shopReply(db, rest[0] ?? '', rest.slice(1).join(' '), now, cliActor());
        return `replied to ${rest[0]} (#${sent.id})`;
      }
      case 'staff create': {
        const input = staffCreateRequest.safeParse({ email: rest[0] ?? '', role: rest[1] ?? '', name: rest.slice(2).join(' ') || (rest[0] ?? '').split('@')[0] });
        if (!input.success) throw new Error(`usage: staff create <email> <${STAFF_ROLES.join('|')}> [name]`);
        const created = await createStaffMember(db, cliActor(), input.data, now);
        return `${created.staff.email} (${created.staff.role}) can sign in at /console/ with the one-time password: ${created.password}`;
      }
      case 'staff reset': {
        const id = await staffIdByEmail(db, rest[0] ?? '');
        if (id === null) throw new Error(`no staff member ${rest[0] ?? ''}`);
        await resetStaffTotp(db, cliActor(), id, now);
        const reset = await resetStaffPassword(db, cliActor(), id, now);
        return `${reset.staff.email} can sign in at /console/ with the one-time password: ${reset.password} (two-step sign-in is off until they set it up again)`;
      }
      case 'staff list': {
        const { items } = await listStaffMembers(db, { page: 1, pageSize: 100, sortField: 'email', sortOrder: 'asc' });
        return items.length === 0 ? 'no staff' : items.map((m) => `${m.email} ${m.role} ${m.status}${m.totpEnabled ? ' (two-step)' : ''}`).join('\n');
      }
      case 'article list': {
        const rows = await listAllArticles(db);
        return rows.length === 0 ? 'no articles' : rows.map((a) => `#${a.id} ${a.slug} [${a.published ? 'published' : 'hidden'}, sort ${a.sort}] ${a.title_en}`).join('\n');
      }
      case 'article import': {
        const parsed = articleImportSchema.array().safeParse(JSON.parse(readFileSync(rest[0]!, 'utf8')));
        if (!parsed.success) throw new Error(`not a list of articles: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
        const r = await db.transaction().execute((tx) => importArticles(tx, parsed.data, now, cliActor()));
        return `articles: ${r.added} added, ${r.updated} updated`;
      }
      default:
        throw new Error(`unknown command\n\n${USAGE}`);
    }
  } finally {
    await db.destroy();
  }
}

/** Fills a catalogue text's {{placeholders}} from the error's data (e.g. the line of an import). */
const interpolate = (text: string, data: unknown) => text.replace(/{{(\w+)}}/g, (m, name: string) => (data && typeof data === 'object' && name in data ? String((data as Record<string, unknown>)[name]) : m));

/** Runs one command as `npm run admin -- ...` would: exit code and what it prints (stderr on failure). */
export async function runAdminCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: 0 | 1; out: string }> {
  try {
    return { code: 0, out: await main(args, env) };
  } catch (err) {
    const message = err instanceof AppError ? `${interpolate(err.def.en, err.data)}${err.field ? ` (${err.field})` : ''}` : err instanceof Error ? err.message : String(err);
    return { code: 1, out: `admin: ${message}` };
  }
}
