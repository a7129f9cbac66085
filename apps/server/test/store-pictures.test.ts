import { ADMIN_MEDIA_UPLOAD_PATH, API_BASE, serverErrors, signRequest, type AdminMedia } from '@simshop/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** A store's picture is a media library picture (`media:<key>`), checked as blog covers are. */
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

async function uploaded(): Promise<AdminMedia> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 30 } } }).png().toBuffer();
  const boundary = '----simshop-store-picture';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="store.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = signRequest(t.config.signing, { query: '', body: '', token: owner });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_MEDIA_UPLOAD_PATH}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = res.json() as { code: number; data: AdminMedia };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

const store = (picture: string | null) => ({
  name: { en: 'Picture store', zh: '图片门店' },
  address: { en: '2 Test Road', zh: '测试路 2 号' },
  city: { en: 'Hangzhou', zh: '杭州' },
  phone: '+86 571 0000 0001',
  timeZone: 'Asia/Shanghai',
  hours: Array.from({ length: 7 }, () => [{ open: '09:00', close: '18:00' }]),
  lat: 30.27,
  lng: 120.15,
  services: ['sim_sales'],
  picture,
});

describe('store pictures from the media library', () => {
  it('saves a store with a library picture, shows it to the shop, and keeps the picture from being deleted', async () => {
    const picture = await uploaded();
    const created = await t.call('adminStore', 'create', store(picture.image), { token: owner });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const id = created.body.data!.id;
    expect(created.body.data).toMatchObject({ picture: picture.image });
    expect((await t.call('store', 'detail', { id, i18n: 'en' })).body.data).toMatchObject({ picture: picture.image });
    expect((await t.call('adminMedia', 'uses', { id: picture.id }, { token: owner })).body.data!.items).toEqual([expect.objectContaining({ place: 'store', id: String(id) })]);
    expect((await t.call('adminMedia', 'delete', { id: picture.id }, { token: owner })).body.code).toBe(serverErrors.mediaInUse.code);

    // Removed again: the store has none and the picture is free.
    const cleared = await t.call('adminStore', 'update', { id, version: 1, ...store(null) }, { token: owner });
    expect(cleared.body.data).toMatchObject({ picture: null, version: 2 });
    expect((await t.call('adminMedia', 'delete', { id: picture.id }, { token: owner })).body.code).toBe(0);
  });

  it('refuses a picture that is not in the library, and any other image string', async () => {
    const missing = await t.call('adminStore', 'create', store('media:999999-0123456789ab'), { token: owner });
    expect(missing.body).toMatchObject({ code: serverErrors.mediaNotFound.code, field: 'picture' });
    const typed = await t.call('adminStore', 'create', store('demo:banner.svg'), { token: owner });
    expect(typed.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'picture' });
  });

  it('a store saved without a picture (older clients) has none', async () => {
    const { picture: _none, ...fields } = store(null);
    const created = await t.call('adminStore', 'create', fields, { token: owner });
    expect(created.body.data).toMatchObject({ picture: null });
  });
});
