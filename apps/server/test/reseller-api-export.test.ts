import { serverErrors } from '@simshop/contract';
import { unzipSync, strFromU8 } from 'fflate';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/lib/csv.ts';
import { useTestApp } from './harness.ts';
import { expectProblem, resellerApiClient } from './reseller-api-helpers.ts';

/**
 * Exports of one order through the reseller API: ECodes as CSV and JSON, eSIMs as CSV, JSON and a
 * ZIP of QR PNGs named by ICCID with iccids.csv; each read back as a client would (the CSV parsed,
 * the ZIP unpacked, every QR decoded to its LPA string). Another reseller's order is not found;
 * a key without the read scope is refused.
 */
const t = useTestApp();
const api = resellerApiClient(t);

const qrText = (png: Uint8Array) => {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

async function reseller() {
  const r = await api.reseller(100_000);
  const { secret } = await api.key(r.token, { scopes: ['read', 'order'] });
  return { r, secret };
}

async function order(secret: string, sku: string, quantity: number) {
  const res = await api.order(secret, `export-${sku}-${quantity}`, { skuId: (await t.sku(sku)).id, quantity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderNo: string };
}

const get = (secret: string, path: string) => api.request('GET', path, { secret });

describe('ECode exports', () => {
  it('CSV (the default) and JSON of one order, as a download', async () => {
    const { r, secret } = await reseller();
    const { orderNo } = await order(secret, 'ECODE-QPE', 3);
    await order(secret, 'ECODE-QPE', 1);
    const codes = (await t.db.selectFrom('ecodes').innerJoin('orders', 'orders.id', 'ecodes.order_id').select('ecodes.code').where('orders.order_no', '=', orderNo).execute()).map((c) => c.code);
    expect(codes).toHaveLength(3);

    const csv = await get(secret, `/ecodes/export?order=${orderNo}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${orderNo}-ecodes.csv"`);
    expect(csv.body.startsWith('\uFEFFcode,status,product,order_no,created_at\r\n')).toBe(true);
    const rows = parseCsv(csv.body);
    expect(rows.map((row) => row.code).sort()).toEqual([...codes].sort());
    expect(rows.every((row) => row.order_no === orderNo && row.status === 'unused' && /^\d{4}-\d\d-\d\dT/.test(row.created_at!))).toBe(true);

    const json = await get(secret, `/ecodes/export?order=${orderNo}&format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = json.json() as { orderNo: string; items: Array<{ code: string; orderNo: string }> };
    expect(body.orderNo).toBe(orderNo);
    expect(body.items.map((i) => i.code).sort()).toEqual([...codes].sort());
    expect(await api.ecodesOf(r.userId)).toHaveLength(4);
  });
});

describe('eSIM exports', () => {
  it('CSV, JSON and a ZIP with one QR PNG per eSIM named by its ICCID and iccids.csv mapping ICCID, LPA string and file', async () => {
    const { secret } = await reseller();
    const { orderNo } = await order(secret, 'ESIM-ASIA-5-7', 3);
    const listed = (await get(secret, `/esims?order=${orderNo}`)).json().items as Array<{ iccid: string; lpa: string; activationCode: string }>;
    expect(listed).toHaveLength(3);

    const csv = await get(secret, `/esims/export?order=${orderNo}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(csv.body);
    expect(rows.map((row) => [row.iccid, row.lpa, row.activation_code, row.order_no]).sort()).toEqual(listed.map((e) => [e.iccid, e.lpa, e.activationCode, orderNo]).sort());

    const json = (await get(secret, `/esims/export?order=${orderNo}&format=json`)).json() as { orderNo: string; items: Array<{ iccid: string; lpa: string }> };
    expect(json.items.map((e) => e.iccid).sort()).toEqual(listed.map((e) => e.iccid).sort());

    const zip = await get(secret, `/esims/export?order=${orderNo}&format=zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="${orderNo}-esims.zip"`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['iccids.csv', ...listed.map((e) => `${e.iccid}.png`)].sort());
    const map = parseCsv(strFromU8(files['iccids.csv']!));
    expect(map.map((m) => [m.iccid, m.lpa, m.file]).sort()).toEqual(listed.map((e) => [e.iccid, e.lpa, `${e.iccid}.png`]).sort());
    // Each QR, read as a phone's camera would, is its eSIM's LPA string.
    for (const e of listed) expect(qrText(files[`${e.iccid}.png`]!)).toBe(e.lpa);
  });
});

describe('export documentation', () => {
  it('names every format’s media type in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/openapi.json')).json() as { paths: Record<string, { get: { responses: { 200: { content: Record<string, unknown> } } } }> };
    expect(Object.keys(doc.paths['/api/v1/ecodes/export']!.get.responses[200].content)).toEqual(['text/csv; charset=utf-8', 'application/json; charset=utf-8']);
    expect(Object.keys(doc.paths['/api/v1/esims/export']!.get.responses[200].content)).toEqual(['text/csv; charset=utf-8', 'application/json; charset=utf-8', 'application/zip']);
  });
});

describe('export refusals', () => {
  it('another reseller’s order is not found, a key without read is refused, a bad format is a bad parameter', async () => {
    const { secret } = await reseller();
    const { orderNo } = await order(secret, 'ECODE-QPE', 1);
    const other = await reseller();
    for (const path of [`/ecodes/export?order=${orderNo}`, `/esims/export?order=${orderNo}&format=zip`]) {
      const problem = expectProblem(await get(other.secret, path), serverErrors.orderNotFound);
      expect(problem.field).toBe('query.order');
    }
    const { secret: orderOnly } = await api.key(other.r.token, { scopes: ['order'], name: 'order only' });
    expectProblem(await get(orderOnly, `/ecodes/export?order=${orderNo}`), serverErrors.apiKeyScope);
    expectProblem(await get(secret, `/ecodes/export?order=${orderNo}&format=zip`), serverErrors.paramInvalid);
    expectProblem(await get(secret, '/esims/export'), serverErrors.paramInvalid);
  });
});
