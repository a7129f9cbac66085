import { EsimClass } from '@simshop/contract';
import type { Executor } from '../db/database.ts';
import { findSkuByCode, insertProduct, insertSku } from '../modules/catalogue/catalogue.repository.ts';
import { importPool } from '../modules/esim/esim-pool.service.ts';
import { openGenerateClass } from '../modules/reseller-esim/reseller-esim.service.ts';
import { DEMO_SMDP } from './demo-catalogue.ts';

/**
 * Demo pools resellers generate eSIMs from (Manage eSIM): not listed in the shop, priced at
 * wholesale, a few hundred profiles each with an ICCID so the search by ICCID has something
 * to find. Added to a demo shop that does not have them yet.
 */
const DEMO_GENERATE_CLASSES = [
  { code: 'GEN-QPE-PRE', class: EsimClass.qpePregenerated, name: ['QPE pre-generated eSIM', 'QPE预生成eSIM'], currency: 'USD', price: 1200, wholesale: 800, size: 300, iccidPrefix: '8985224' },
  { code: 'GEN-SELF-CN', class: EsimClass.self, name: ['Self eSIM (China)', '自有eSIM（中国）'], currency: 'CNY', price: 5000, wholesale: 3500, size: 200, iccidPrefix: '8986092' },
] as const;

/** The Luhn check digit that completes `digits`. */
function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export async function seedResellerEsimDemo(tx: Executor, now: number): Promise<void> {
  for (const [sort, c] of DEMO_GENERATE_CLASSES.entries()) {
    if (await findSkuByCode(tx, c.code)) continue;
    const productId = await insertProduct(tx, {
      key: c.code.toLowerCase(),
      kind: 'esim',
      name_en: c.name[0],
      name_zh: c.name[1],
      subtitle_en: 'For resellers: generated in Manage eSIM',
      subtitle_zh: '分销商专用：在eSIM管理中生成',
      description_en: '',
      description_zh: '',
      agreement_en: '',
      agreement_zh: '',
      images: '',
      currency: c.currency,
      wholesale_min_qty: 1,
      qty_min: 1,
      qty_max: 1,
      freight: 0,
      specs: '[]',
      required_inputs: '[]',
      labels: '[]',
      sold_out: 0,
      esim_source: 'pool',
      on_sale: 0,
      sort: 1000 + sort,
      created_at: now,
      updated_at: now,
    });
    await insertSku(tx, { product_id: productId, code: c.code, options: '[]', price: c.price, wholesale_price: c.wholesale, stock: 0, sold_out: 0, sort: 0, recharge_mb: null });
    const profiles = Array.from({ length: c.size }, (_, n) => {
      const body = `${c.iccidPrefix}${String(n + 1).padStart(19 - c.iccidPrefix.length, '0')}`;
      return { activationCode: `GEN-${c.code.slice(4)}-${String(n + 1).padStart(4, '0')}`, dpAddress: DEMO_SMDP, iccid: `${body}${luhnDigit(body)}`, class: c.class };
    });
    await importPool(tx, c.code, profiles, now);
    await openGenerateClass(tx, { skuCode: c.code, class: c.class, sort }, now);
  }
}
