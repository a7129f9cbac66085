import { ADMIN_MEDIA_UPLOAD_PATH, API_BASE, serverErrors, signRequest, type AdminMedia } from '@simshop/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** A blog post's cover and a merchant's logo take a media library picture (`media:<key>`), as the home banner does. */
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

async function uploaded(): Promise<AdminMedia> {
  const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  const boundary = '----simshop-media-boundary';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = signRequest(t.config.signing, { query: '', body: '', token: owner });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_MEDIA_UPLOAD_PATH}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const body = res.json() as { code: number; data: AdminMedia };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

const post = (slug: string, cover: string) => ({
  slug,
  title: { en: 'Library cover', zh: '媒体库封面' },
  summary: { en: 'A summary', zh: '摘要' },
  body: { en: 'Some text.', zh: '一些文字。' },
  category: 'guides',
  tags: [],
  productKeys: [],
  cover,
});

describe('media library pictures in blog covers and merchant logos', () => {
  it('saves a post with a library cover, shown where the picture is used; refuses a picture not in the library', async () => {
    const picture = await uploaded();
    const created = await t.call('adminBlog', 'create', post('library-cover', picture.image), { token: owner });
    expect(created.body.data).toMatchObject({ cover: picture.image });
    expect((await t.call('adminMedia', 'uses', { id: picture.id }, { token: owner })).body.data.items).toEqual([expect.objectContaining({ place: 'blog', id: String(created.body.data.id) })]);

    const [id] = picture.key.split('-');
    for (const missing of [`media:${Number(id) + 1000}-0123456789ab`, `media:${id}-ffffffffffff`]) {
      expect((await t.call('adminBlog', 'create', post(`missing-${missing.length}-${missing.at(-1)}`, missing), { token: owner })).body, missing).toMatchObject({ code: serverErrors.blogCoverMissing.code, field: 'cover' });
    }
    expect((await t.call('adminBlog', 'create', post('bad-cover', 'media:0-0123456789ab'), { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'cover' });
  });

  it("sets a merchant's logo to a library picture", async () => {
    const picture = await uploaded();
    const merchant = await t.call(
      'adminMerchant',
      'create',
      { name: { en: 'Logo Shop', zh: '标志店' }, logo: picture.image, description: { en: '', zh: '' }, contactEmail: 'logo@example.com', contactPhone: '', returnAddress: '', commissionBps: 1000 },
      { token: owner },
    );
    expect(merchant.body.data, JSON.stringify(merchant.body)).toMatchObject({ logo: picture.image });
  });
});
