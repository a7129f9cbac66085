import type { Executor } from '../db/database.ts';
import { insertProduct, insertSku } from '../modules/catalogue/catalogue.repository.ts';
import { labelProductByTexts } from '../modules/labels/labels.service.ts';
import { importPool } from '../modules/esim/esim-pool.service.ts';
import { findStaffByEmail, insertStaff } from '../modules/staff/staff.repository.ts';
import * as stores from '../modules/stores/store.repository.ts';
import { DEMO_POOL_SIZE, DEMO_SMDP } from './demo-catalogue.ts';

/** The demo merchant's staff account (README "demo accounts"), with the demo password. */
export const DEMO_MERCHANT_STAFF = 'merchant@simshop.local';

const every = (open: string, close: string) => Array.from({ length: 7 }, () => [{ open, close }]);

/**
 * A second merchant selling on the platform: Nomad Wireless, active, 8 % commission,
 * with an eSIM, a physical SIM card and a store of its own, and an operator account of its own.
 * Added once: a shop that already has it (by name) is left alone.
 */
export async function seedDemoMerchants(tx: Executor, passwordHash: string, now: number): Promise<void> {
  const existing = await tx.selectFrom('merchants').select('id').where('name_en', '=', 'Nomad Wireless').executeTakeFirst();
  if (existing) return;
  const merchant = await tx
    .insertInto('merchants')
    .values({
      name_en: 'Nomad Wireless',
      name_zh: '游牧通信',
      logo: 'demo:esim-asia.webp',
      description_en: 'Travel SIMs and eSIMs for people on the move, from a small team in Shenzhen.',
      description_zh: '来自深圳的小团队，为旅行者提供旅行 SIM 卡与 eSIM。',
      contact_email: 'hello@nomad.example',
      contact_phone: '+86 755 8888 0000',
      return_address: 'Nomad Wireless, 8 Keji Road, Nanshan District, Shenzhen 518057',
      status: 'active',
      commission_bps: 800,
      applicant_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const merchantId = merchant.id;

  const base = {
    agreement_en: 'Sold and shipped by Nomad Wireless. Returns go to its return address.',
    agreement_zh: '由游牧通信销售并发货，退货请寄往其退货地址。',
    currency: 'USD' as const,
    wholesale_min_qty: null,
    freight: 0,
    required_inputs: '[]',
    labels: '[]',
    sold_out: 0,
    on_sale: 1,
    profile_type: null,
    merchant_id: merchantId,
    created_at: now,
    updated_at: now,
  };
  const esimId = await insertProduct(tx, {
    ...base,
    key: 'nomad-japan-esim',
    kind: 'esim',
    name_en: 'Nomad Japan eSIM',
    name_zh: '游牧日本 eSIM',
    subtitle_en: 'Japan data, ready in minutes',
    subtitle_zh: '日本流量，几分钟即可使用',
    description_en: 'A data-only eSIM for Japan on a local network, delivered right after payment.',
    description_zh: '日本本地网络的纯流量 eSIM，付款后立即发放。',
    images: 'demo:esim-asia.webp',
    qty_min: 1,
    qty_max: 10,
    specs: JSON.stringify([{ en: 'Data', zh: '流量', values: [{ en: '3 GB / 7 days', zh: '3GB / 7天' }, { en: '10 GB / 15 days', zh: '10GB / 15天' }] }]),
    esim_source: 'pool',
    // Not listed as a travel plan: the destination search stays the platform's own plans.
    coverage: '',
    travel: null,
    sort: 200,
  });
  for (const [i, [code, price]] of ([['NOMAD-JP-3G', 690], ['NOMAD-JP-10G', 1490]] as const).entries()) {
    await insertSku(tx, { product_id: esimId, code, options: JSON.stringify([i]), price, wholesale_price: null, stock: null, sold_out: 0, sort: i, recharge_mb: null });
    // With ICCIDs, as the shop's own demo pools: the SM-DP+ simulator reports an install by it.
    const profiles = Array.from({ length: DEMO_POOL_SIZE }, (_, n) => ({ activationCode: `DEMO-${code}-${String(n + 1).padStart(4, '0')}`, dpAddress: DEMO_SMDP, iccid: `89852299${String(i).padStart(2, '0')}${String(n + 1).padStart(8, '0')}` }));
    await importPool(tx, code, profiles, now);
  }
  await labelProductByTexts(tx, esimId, [{ en: 'Instant delivery', zh: '即时发货' }], now);

  const simId = await insertProduct(tx, {
    ...base,
    key: 'nomad-travel-sim',
    kind: 'sim',
    name_en: 'Nomad Travel SIM card',
    name_zh: '游牧旅行 SIM 卡',
    subtitle_en: 'One card for 30 countries, shipped from Shenzhen',
    subtitle_zh: '一张卡畅游 30 国，深圳发货',
    description_en: 'A physical travel SIM card with 20 GB for 30 days in Asia and Europe.',
    description_zh: '实体旅行 SIM 卡，亚洲与欧洲 30 天 20GB 流量。',
    images: 'demo:sim-card.webp',
    qty_min: 1,
    qty_max: 5,
    freight: 800,
    specs: JSON.stringify([{ en: 'Plan', zh: '套餐', values: [{ en: '20 GB / 30 days', zh: '20GB / 30天' }] }]),
    esim_source: 'pool',
    coverage: '',
    travel: null,
    sort: 201,
  });
  await labelProductByTexts(tx, simId, [{ en: 'Shipped in 24 h', zh: '24小时发货' }], now);
  await insertSku(tx, { product_id: simId, code: 'NOMAD-SIM-20G', options: JSON.stringify([0]), price: 1990, wholesale_price: null, stock: 200, sold_out: 0, sort: 0, recharge_mb: null });

  await stores.insertReturning(tx, {
    name_en: 'Nomad Wireless Futian',
    name_zh: '游牧通信 福田店',
    address_en: '3 Fuhua Road, Futian District',
    address_zh: '福田区福华路 3 号',
    city_en: 'Shenzhen',
    city_zh: '深圳',
    phone: '+86 755 8888 0001',
    time_zone: 'Asia/Shanghai',
    hours: JSON.stringify(every('10:00', '20:00')),
    lat: 22.5364,
    lng: 114.0553,
    services: JSON.stringify(['sim_sales', 'esim_help']),
    active: 1,
    sort: 10,
    merchant_id: merchantId,
    created_at: now,
    updated_at: now,
  });

  if (!(await findStaffByEmail(tx, DEMO_MERCHANT_STAFF))) {
    await insertStaff(tx, { email: DEMO_MERCHANT_STAFF, name: 'Nomad operator', role: 'operator', password_hash: passwordHash, status: 'active', merchant_id: merchantId, created_at: now, updated_at: now });
  }
}
