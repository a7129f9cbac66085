import { HOME_BLOCK, Role, UserType, type Language } from '@simshop/contract';
import { createDatabase, migrateToLatest, onPostgres, type Database } from '../db/database.ts';
import { sql } from 'kysely';
import { saveContent } from '../modules/content/content.service.ts';
import { countContents } from '../modules/content/content.repository.ts';
import { findUserByAccount, insertUser } from '../modules/accounts/account.repository.ts';
import { hashPassword } from '../lib/password.ts';
import { demoHome } from './demo-content.ts';
import { DEMO_POOL_SIZE, DEMO_SMDP, demoCatalogue } from './demo-catalogue.ts';
import { importPool } from '../modules/esim/esim-pool.service.ts';
import { insertProduct, insertSku, insertComment, countProducts } from '../modules/catalogue/catalogue.repository.ts';
import { creditBalance } from '../modules/balance/balance.service.ts';
import { countArticles, importArticles } from '../modules/articles/article.service.ts';
import { demoArticles } from './demo-articles.ts';
import { seedDemoCoupons } from '../modules/coupons/coupon-seed.ts';
import { seedDemoBlog } from '../modules/blog/blog-seed.ts';
import { seedDemoStores } from '../modules/stores/store-seed.ts';
import { seedResellerEsimDemo } from './demo-reseller-esim.ts';
import type { Executor } from '../db/database.ts';
import { seedDemoStaff } from '../modules/staff/staff.service.ts';
import { seedDemoContact } from '../modules/shop-settings/shop-settings.service.ts';
import { labelProductByTexts } from '../modules/labels/labels.service.ts';
import { seedDemoMerchants } from './demo-merchants.ts';

/** Demo accounts (README): one of each kind, all with the password below. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'demo@simshop.local', nickname: 'Demo customer', role: Role.normal, canCreateReseller: 1 },
  { email: 'reseller@simshop.local', nickname: 'Demo reseller', role: Role.reseller, canCreateReseller: 1 },
  { email: 'foreign@simshop.local', nickname: 'Demo foreign reseller', role: Role.foreignReseller, canCreateReseller: 0 },
] as const;

/** Loads what is missing of the demo data; what a shop already has is left alone. */
/** The advisory lock the demo seeding holds on PostgreSQL (any number no other lock of the shop uses). */
const SEED_LOCK_KEY = 740_112_031;

export async function seedDemo(db: Database, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (tx) => {
    // Processes started together on an empty PostgreSQL seed one after the other (the second
    // finds every row there); each would otherwise check, then insert the same demo rows.
    // SQLite needs nothing: one server per file, and its write transactions are serial.
    if (onPostgres(tx)) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
    if ((await countContents(tx)) === 0) {
      for (const lang of Object.keys(demoHome) as Language[]) {
        await saveContent(tx, { ...HOME_BLOCK, lang, content: demoHome[lang] }, now);
      }
    }
    for (const account of DEMO_ACCOUNTS) {
      if (await findUserByAccount(tx, 'email', account.email)) continue;
      const id = await insertUser(tx, {
        role: account.role,
        user_type: UserType.email,
        nickname: account.nickname,
        name: '',
        email: account.email,
        tel: null,
        password_hash: passwordHash,
        status: 'active',
        can_create_reseller: account.canCreateReseller,
        created_at: now,
        updated_at: now,
      });
      // Resellers start with a balance to pay from.
      if (account.role !== Role.normal) {
        await creditBalance(tx, { userId: id, currency: 'USD', amount: 50_000, reason: 'demo opening balance', orderId: null }, now);
        await creditBalance(tx, { userId: id, currency: 'CNY', amount: 300_000, reason: 'demo opening balance', orderId: null }, now);
      }
    }
    await seedDemoStaff(tx, passwordHash, now);
    // Contact channels "Contact us" shows until the owner sets the shop's own.
    await seedDemoContact(tx, now);
    if ((await countProducts(tx)) === 0) await seedCatalogue(tx, now);
    // Pools resellers generate eSIMs from (Manage eSIM); skipped when already there.
    await seedResellerEsimDemo(tx, now);
    // Tutorials only into a shop that has none: the owner's own articles are never mixed with demo ones.
    if ((await countArticles(tx)) === 0) await importArticles(tx, demoArticles, now);
    await seedDemoCoupons(tx, now);
    // Blog posts (by slug) and stores (only into a shop without any).
    await seedDemoBlog(tx, now);
    await seedDemoStores(tx, now);
    // A second merchant with its products, store and staff, once.
    await seedDemoMerchants(tx, passwordHash, now);
  });
}

async function seedCatalogue(tx: Executor, now: number) {
  for (const [sort, p] of demoCatalogue.entries()) {
    const productId = await insertProduct(tx, {
      key: p.key,
      kind: p.kind,
      name_en: p.name[0],
      name_zh: p.name[1],
      subtitle_en: p.subtitle[0],
      subtitle_zh: p.subtitle[1],
      description_en: p.description[0],
      description_zh: p.description[1],
      agreement_en: p.agreement[0],
      agreement_zh: p.agreement[1],
      images: p.images,
      currency: p.currency,
      wholesale_min_qty: p.wholesaleMinQty,
      qty_min: p.qty[0],
      qty_max: p.qty[1],
      freight: p.freight,
      specs: JSON.stringify(p.specs),
      required_inputs: JSON.stringify(p.inputs),
      labels: '[]',
      sold_out: p.soldOut ? 1 : 0,
      esim_source: p.source ?? 'pool',
      coverage: p.coverage ? `,${p.coverage.join(',')},` : '',
      travel: p.travel ? JSON.stringify(p.travel) : null,
      addon_family: p.addonFamily ?? null,
      on_sale: 1,
      sort,
      created_at: now,
      updated_at: now,
    });
    await labelProductByTexts(tx, productId, p.labels, now);
    for (const [i, [code, options, price, wholesale, stock, rechargeMb]] of p.skus.entries()) {
      const plan = p.plans?.[code];
      await insertSku(tx, { product_id: productId, code, options: JSON.stringify(options), price, wholesale_price: wholesale, stock, sold_out: 0, sort: i, recharge_mb: rechargeMb ?? null, data_mb: plan ? plan[0] : null, validity_days: plan ? plan[1] : null });
      if (p.kind === 'esim' && !p.soldOut && p.source !== 'smdp') {
        // Suppliers' files carry each profile's ICCID: the carrier reports data used by it.
        const profiles = Array.from({ length: DEMO_POOL_SIZE }, (_, n) => ({ activationCode: `DEMO-${code}-${String(n + 1).padStart(4, '0')}`, dpAddress: DEMO_SMDP, iccid: `898520${String(sort).padStart(3, '0')}${String(i).padStart(2, '0')}${String(n + 1).padStart(7, '0')}` }));
        await importPool(tx, code, profiles, now);
      }
    }
    for (const [i, [nickname, content, reply]] of (p.comments ?? []).entries()) {
      await insertComment(tx, { productId, userId: null, nickname, avatar: null, content, reply, now: now - (i + 1) * 86_400_000 });
    }
  }
}

/**
 * Migrates a database and loads the demo data into it, for processes that may not load it
 * themselves: production-mode servers of the fault tests and the benches (production refuses
 * SEED_DEMO), started on it afterwards.
 */
export async function seedDemoDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<void> {
  const db = createDatabase({ databaseUrl: options.databaseUrl || undefined, dataDir: options.dataDir });
  try {
    await migrateToLatest(db);
    await seedDemo(db);
  } finally {
    await db.destroy();
  }
}
