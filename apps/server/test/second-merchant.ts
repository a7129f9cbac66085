import type { TestApp } from './harness.ts';

/**
 * A second, active merchant selling a copy of a demo SKU's product (uncounted stock): what a
 * checkout of two merchants needs (issue 15). Returns the merchant, the new SKU and its product.
 */
export async function secondMerchantSelling(t: TestApp, code: string, newCode: string) {
  const now = Date.now();
  const merchantId = (
    await t.db
      .insertInto('merchants')
      .values({ name_en: 'Harbour SIMs', name_zh: '港湾电话卡', logo: null, description_en: '', description_zh: '', contact_email: '', contact_phone: '', return_address: '', status: 'active', commission_bps: 1000, applicant_user_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
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
  const skuId = (await t.db.insertInto('product_skus').values({ ...rest, product_id: productId, code: newCode, stock: null }).returning('id').executeTakeFirstOrThrow()).id;
  return { merchantId, skuId, productId };
}
