import type { TestApp } from './harness.ts';

/** A second, active merchant, as the merchants console makes one. */
export async function newMerchant(t: TestApp, en: string, zh: string, commissionBps: number): Promise<number> {
  const now = Date.now();
  const row = await t.db
    .insertInto('merchants')
    .values({ name_en: en, name_zh: zh, logo: null, description_en: '', description_zh: '', contact_email: '', contact_phone: '', return_address: '', status: 'active', commission_bps: commissionBps, applicant_user_id: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The same product as a demo SKU's, sold by another merchant, with its own stock (null: not counted). */
export async function cloneSku(t: TestApp, code: string, merchantId: number, newCode: string, stock: number | null): Promise<{ id: number; productId: number }> {
  const sku = await t.db.selectFrom('product_skus').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const { id: _p, ...product } = await t.db.selectFrom('products').selectAll().where('id', '=', sku.product_id).executeTakeFirstOrThrow();
  const productId = (
    await t.db
      .insertInto('products')
      .values({ ...product, key: `${product.key}-${newCode.toLowerCase()}`, merchant_id: merchantId, name_en: `${product.name_en} (Harbour)`, name_zh: `${product.name_zh}（港湾）` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const { id: _s, ...rest } = sku;
  const id = (await t.db.insertInto('product_skus').values({ ...rest, product_id: productId, code: newCode, stock }).returning('id').executeTakeFirstOrThrow()).id;
  return { id, productId };
}

/**
 * A second, active merchant selling a copy of a demo SKU's product (uncounted stock): what a
 * checkout of two merchants needs. Returns the merchant, the new SKU and its product.
 */
export async function secondMerchantSelling(t: TestApp, code: string, newCode: string) {
  const merchantId = await newMerchant(t, 'Harbour SIMs', '港湾电话卡', 1000);
  const { id: skuId, productId } = await cloneSku(t, code, merchantId, newCode, null);
  return { merchantId, skuId, productId };
}
