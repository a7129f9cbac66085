import { ADMIN_PRODUCT_IMAGE_PATH, API_BASE, parseImageString, serverErrors, signRequest } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { catalogueEditing } from './catalogue-editing.ts';
import { useTestApp } from './harness.ts';
import { useStaffTokens } from './staff-tokens.ts';

/** What staff bring into the catalogue from files: products and stock from CSV, product images. */
const t = useTestApp();
const staff = useStaffTokens(t);
const { idOf, load, countProducts, shopDetail, editOf } = catalogueEditing(t, staff);

describe('adminProduct imports', () => {
  const header = 'product,sku,kind,name_en,name_zh,currency,price,wholesale_price,stock,spec_en,spec_zh,option_en,option_zh,inputs,esim_source';

  it('imports products from CSV text, audited per product', async () => {
    const csv = [header, 'korea-esim,KR-3,esim,Korea eSIM,韩国eSIM,USD,7.50,6,,Data,流量,3 GB,3GB,,', 'korea-esim,KR-10,esim,Korea eSIM,韩国eSIM,USD,12,,,Data,流量,10 GB,10GB,,', 'sim-hk,HK-1,sim,HK SIM,香港卡,CNY,49,,20,,,,,paperCard,'].join('\n');
    const res = await t.call('adminProduct', 'import_products', { csv }, { token: staff.owner });
    expect(res.body).toMatchObject({ code: 0, data: { products: 2, skusAdded: 3, skusUpdated: 0 } });
    const korea = await load(await idOf('korea-esim'));
    expect(korea).toMatchObject({ esimSource: 'pool', specs: [{ values: [{ en: '3 GB' }, { en: '10 GB' }] }] });
    expect(korea.skus.map((s) => [s.code, s.options, s.price, s.stock])).toEqual([
      ['KR-3', [0], 750, 0],
      ['KR-10', [1], 1200, 0],
    ]);
    expect((await t.auditOf('product', korea.id))[0]).toMatchObject({ action: 'product.import', actor: 'owner@simshop.local' });

    const update = await t.call('adminProduct', 'import_products', { csv: [header, 'sim-hk,HK-1,sim,HK SIM,香港卡,CNY,55,,30,,,,,paperCard,'].join('\n') }, { token: staff.owner });
    expect(update.body).toMatchObject({ code: 0, data: { products: 0, skusAdded: 0, skusUpdated: 1 } });
    expect(await t.sku('HK-1')).toMatchObject({ stock: 30 });
    const hk = await load(await idOf('sim-hk'));
    expect(hk.version).toBe(2);
    expect(JSON.parse((await t.auditOf('product', hk.id)).at(-1)!.after_json!)).toEqual({ 'sku HK-1': { price: 5500, wholesalePrice: null, stock: 30 } });
  });

  it('names the wrong line and imports nothing', async () => {
    const before = await countProducts();
    const cases: Array<[string, number, RegExp]> = [
      [[header, 'ok-one,OK-1,sim,OK,好,USD,1,,,,,,,,', 'bad-two,BAD-2,sim,Bad,坏,USD,abc,,,,,,,,'].join('\n'), 3, /^price/],
      [[header, 'ok-one,OK-1,sim,OK,好,USD,1,,,,,,,,', '', 'pool-x,PX-1,esim,Pool,号池,USD,5,,100,,,,,,pool'].join('\n'), 4, /^stock: a pool eSIM/],
      [[header, 'ok-one,OK-1,sim,OK,好,USD,1,,,,,,,,', 'asia-esim,NEW-SKU,esim,Asia,亚洲,USD,5,,,,,,,,'].join('\n'), 3, /^product: asia-esim already exists/],
      [[header, 'Not A Key,X-1,sim,X,X,USD,1,,,,,,,,'].join('\n'), 2, /^product/],
      [[header, 'ok-one,OK-1,sim,OK,"unclosed,USD,1,,,,,,,,'].join('\n'), 2, /quoted/],
    ];
    for (const [csv, line, reason] of cases) {
      const res = await t.call('adminProduct', 'import_products', { csv }, { token: staff.owner });
      expect(res.body).toMatchObject({ code: serverErrors.importRowInvalid.code, field: 'csv', data: { line } });
      expect((res.body.data as unknown as { reason: string }).reason).toMatch(reason);
    }
    expect(await countProducts()).toBe(before);
    expect(await t.db.selectFrom('product_skus').select('id').where('code', '=', 'OK-1').executeTakeFirst()).toBeUndefined();
  });

  it('sets stock from CSV, refusing pool eSIMs and unknown SKUs without changing anything', async () => {
    const cu = await t.sku('SIM-CU-30');
    const ok = await t.call('adminProduct', 'import_stock', { csv: 'sku,stock\nSIM-CU-30,77\nRCH-5,\n' }, { token: staff.operator });
    expect(ok.body).toMatchObject({ code: 0, data: { updated: 2 } });
    expect((await t.sku('SIM-CU-30')).stock).toBe(77);
    expect(JSON.parse((await t.auditOf('product', cu.productId)).at(-1)!.after_json!)).toEqual({ 'sku SIM-CU-30': { stock: 77 } });

    const pool = await t.sku('ESIM-ASIA-5-7');
    const refused = await t.call('adminProduct', 'import_stock', { csv: 'sku,stock\nSIM-CU-30,5\nESIM-ASIA-5-7,99\n' }, { token: staff.owner });
    expect(refused.body).toMatchObject({ code: serverErrors.importRowInvalid.code, data: { line: 3 } });
    expect((await t.sku('ESIM-ASIA-5-7')).stock).toBe(pool.stock);
    expect((await t.sku('SIM-CU-30')).stock).toBe(77);

    expect((await t.call('adminProduct', 'import_stock', { csv: 'sku,stock\nNOPE,1\n' }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.importRowInvalid.code, data: { line: 2 } });
    expect((await t.call('adminProduct', 'import_stock', { csv: 'sku,stock\nSIM-CU-30,-4\n' }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.importRowInvalid.code, data: { line: 2 } });
    expect((await t.call('adminProduct', 'import_stock', { csv: '' }, { token: staff.owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'csv' });
  });

  it('the command line refuses a pool eSIM stock too, and audits as the command line', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(t.config.dataDir, 'pool-stock.csv');
    writeFileSync(file, 'sku,stock\nESIM-ASIA-10-7,500\n');
    const res = await t.admin('stock', 'import', file);
    expect(res.code).not.toBe(0);
    expect(res.out).toContain('Line 2 of the file is wrong: stock: ESIM-ASIA-10-7 is a pool eSIM');
    writeFileSync(file, 'sku,stock\nSVC-UNLOCK,4\n');
    expect(await t.admin('stock', 'import', file)).toEqual({ code: 0, out: 'stock set for 1 SKUs' });
    expect((await t.auditOf('product', await idOf('phone-unlock'))).at(-1)).toMatchObject({ action: 'product.stock_import', actor: expect.stringMatching(/^cli:/), staff_id: null });
  });
});

describe('product images', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');

  async function upload(bytes: Buffer, token?: string) {
    const boundary = '----simshop-test-boundary';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const headers = signRequest(t.config.signing, { query: '', body: '', token });
    const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_PRODUCT_IMAGE_PATH}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    return { http: res.statusCode, body: res.json() };
  }

  it('stores an uploaded image like avatars; saved in the product, the shop shows it', async () => {
    const res = await upload(PNG, staff.operator);
    expect(res.body).toMatchObject({ code: 0, data: { image: expect.stringMatching(/^products\/[0-9a-f-]{36}$/), url: expect.stringMatching(/^\/static\/products\//) } });
    const { image, url, fileId } = res.body.data as { image: string; url: string; fileId: string };
    expect(await t.db.selectFrom('files').select(['path', 'content_type']).where('id', '=', fileId).executeTakeFirst()).toEqual({ path: `products/${fileId}`, content_type: 'image/png' });
    expect((await t.auditOf('file', fileId))[0]).toMatchObject({ action: 'product.image_upload', actor: 'operator@simshop.local' });

    const id = await idOf('phone-unlock');
    const edit = editOf(await load(id));
    const saved = await t.call('adminProduct', 'update', { ...edit, images: [image, ...edit.images] }, { token: staff.operator });
    expect(saved.body.code).toBe(0);
    const shop = (await shopDetail(id)).data;
    const first = parseImageString(shop.images, t.config.staticHost)[0]!;
    expect(first).toBe(url);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The shop's own static images still come from the static folder.
    expect((await t.app.inject({ method: 'GET', url: '/static/demo/sim-card.svg' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/static/products/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
  });

  it('refuses GIFs, what is not an image, a file too large, staff without catalogue.write and no session', async () => {
    expect((await upload(GIF, staff.owner)).body).toMatchObject({ code: serverErrors.imageInvalid.code, field: 'file', data: { maxMb: 5 } });
    expect((await upload(Buffer.from('<svg onload="alert(1)"/>'), staff.owner)).body).toMatchObject({ code: serverErrors.imageInvalid.code });
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), staff.owner)).body).toMatchObject({ code: serverErrors.imageInvalid.code, field: 'file' });
    expect((await upload(PNG, staff.support)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await upload(PNG)).http).toBe(401);
    const customer = await t.signIn();
    expect((await upload(PNG, customer.token)).http).toBe(401);
  });
});
