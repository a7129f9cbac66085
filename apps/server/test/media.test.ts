import { ADMIN_MEDIA_UPLOAD_PATH, API_BASE, parseImageString, serverErrors, signRequest, type AdminMedia, type HomeEditor } from '@simshop/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pageHeadMarkup, pageHeadOf } from '../src/web/first-answers.ts';
import { catalogueEditing } from './catalogue-editing.ts';
import { useTestApp } from './harness.ts';
import { useStaffTokens } from './staff-tokens.ts';

/** The media library: uploads told by decoding, sizes made once and stored, and pictures in use kept. */
const t = useTestApp();
const staff = useStaffTokens(t);
const { idOf, load, editOf, shopDetail } = catalogueEditing(t, staff);

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: { create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: { r: 250, g: 200, b: 0 } } }, gravity: 'northwest' }])
    .png()
    .toBuffer();

async function upload(bytes: Buffer, token: string, fileName = 'photo.png', fields: Record<string, string> = {}) {
  const boundary = '----simshop-media-boundary';
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = signRequest(t.config.signing, { query: '', body: '', token });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_MEDIA_UPLOAD_PATH}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return res.json() as { code: number; field?: string; data: AdminMedia };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('media library', () => {
  it('stores an upload told by decoding it, with its size, alt text in both languages and who added it, audited', async () => {
    const res = await upload(await picture(1200, 800), staff.operator, 'harbour.png', { altEn: 'The harbour at dusk', altZh: '黄昏的港口' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ fileName: 'harbour.png', format: 'png', width: 1200, height: 800, alt: { en: 'The harbour at dusk', zh: '黄昏的港口' }, createdBy: 'operator@simshop.local' });
    expect(res.data.image).toBe(`media:${res.data.key}`);
    expect(res.data.key).toMatch(/^\d+-[0-9a-f]{12}$/);
    expect((await t.auditOf('media', res.data.id))[0]).toMatchObject({ action: 'media.upload', actor: 'operator@simshop.local' });

    const listed = await t.call('adminMedia', 'list', { search: 'HARBOUR' }, { token: staff.support });
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ id: res.data.id, width: 1200 }] });
    expect((await t.call('adminMedia', 'list', { search: '港口' }, { token: staff.support })).body.data.total).toBe(1);
    expect((await t.call('adminMedia', 'list', { search: 'nothing-like-it' }, { token: staff.support })).body.data.total).toBe(0);

    const updated = await t.call('adminMedia', 'update', { id: res.data.id, alt: { en: 'Harbour', zh: '港口' } }, { token: staff.operator });
    expect(updated.body.data).toMatchObject({ alt: { en: 'Harbour', zh: '港口' } });
    expect((await t.auditOf('media', res.data.id)).at(-1)).toMatchObject({ action: 'media.update' });
  });

  it('refuses a text file named .png, a file too big, and staff without content.write', async () => {
    expect(await upload(Buffer.from('not a picture at all'), staff.owner, 'fake.png')).toMatchObject({ code: serverErrors.mediaInvalid.code, field: 'file' });
    // A real PNG's first bytes with the rest cut off: the header alone does not pass.
    const whole = await picture(400, 300);
    expect(await upload(whole.subarray(0, 60), staff.owner)).toMatchObject({ code: serverErrors.mediaInvalid.code });
    expect(await upload(Buffer.concat([whole, Buffer.alloc(10 * 1024 * 1024)]), staff.owner)).toMatchObject({ code: serverErrors.mediaInvalid.code, field: 'file' });
    expect(await upload(whole, staff.support)).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await t.call('adminMedia', 'update', { id: 1, alt: { en: 'x', zh: 'x' } }, { token: staff.support })).body.code).toBe(serverErrors.permissionDenied.code);
    const uploads = await t.db.selectFrom('media').select('file_name').execute();
    expect(uploads.map((u) => u.file_name)).not.toContain('fake.png');
  });

  it('serves sizes at the width and format asked, never upscaled, cropped exactly, cached for a year', async () => {
    const { data } = await upload(await picture(1000, 700), staff.owner, 'wide.png');
    const base = `/media/${data.key}`;

    const webp = await get(`${base}/640.webp`);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 448 });

    const avif = await get(`${base}/320.avif`);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 320 });

    // The picture is 1000 px wide: 1920 answers 1000, never more.
    expect(await sharp((await get(`${base}/1920.png`)).rawPayload).metadata()).toMatchObject({ format: 'png', width: 1000, height: 700 });
    // Cropped to the slot: 16:9 exactly, also when the picture limits the width.
    expect(await sharp((await get(`${base}/640.webp?ratio=16:9`)).rawPayload).metadata()).toMatchObject({ width: 640, height: 360 });
    const full = await sharp((await get(`${base}/1920.webp?ratio=2:1`)).rawPayload).metadata();
    expect(full.width! / full.height!).toBe(2);
    expect(full.width).toBeLessThanOrEqual(1000);

    // Not a size, a format or a ratio the server makes, or the wrong hash: not found.
    expect((await get(`${base}/641.webp`)).statusCode).toBe(404);
    expect((await get(`${base}/640.jpg`)).statusCode).toBe(404);
    expect((await get(`${base}/640.webp?ratio=5:4`)).statusCode).toBe(404);
    expect((await get(`/media/${data.id}-000000000000/640.webp`)).statusCode).toBe(404);
  });

  it('makes a size once and serves the stored copy afterwards, with an ETag', async () => {
    const { data } = await upload(await picture(800, 800), staff.owner, 'square.png');
    const url = `/media/${data.key}/320.webp`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const sizes = await t.db.selectFrom('media_sizes').select(['variant', 'file_id']).where('media_id', '=', data.id).execute();
    expect(sizes.map((s) => s.variant)).toEqual(['320-full.webp']);
    // Replace the stored copy: a second request (as another process would) answers it, not a new one.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } }).webp().toBuffer();
    await t.db.updateTable('file_contents').set({ bytes: marker }).where('file_id', '=', sizes[0]!.file_id).execute();
    const second = await get(url);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(await t.db.selectFrom('media_sizes').select('variant').where('media_id', '=', data.id).execute()).toHaveLength(1);

    expect(first.headers.etag).toBeTruthy();
    expect(second.headers.etag).toBe(first.headers.etag);
    const notModified = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
  });

  it('is drawn by the shop from a banner and cannot be deleted while the banner uses it', async () => {
    const { data } = await upload(await picture(1600, 800), staff.owner, 'banner.png');
    const editor = (await t.call('adminContent', 'home_get', { lang: 'en' }, { token: staff.owner })).body.data as HomeEditor;
    const content = editor.content;
    if (!content) throw new Error('the demo shop has a home block');
    const banners = [{ ...content.banners[0]!, image: data.image }, ...content.banners.slice(1)];
    const saved = await t.call('adminContent', 'home_save', { lang: 'en', edition: editor.edition, content: { ...content, banners } }, { token: staff.owner });
    expect(saved.body.code).toBe(0);
    const src = parseImageString(data.image, t.config.staticHost)[0]!;
    expect(src).toBe(`/media/${data.key}/960.webp`);
    expect((await get(src)).statusCode).toBe(200);

    const uses = await t.call('adminMedia', 'uses', { id: data.id }, { token: staff.owner });
    expect(uses.body.data.items).toEqual([{ place: 'home_draft', id: 'en', name: 'en' }]);
    const refused = await t.call('adminMedia', 'delete', { id: data.id }, { token: staff.owner });
    expect(refused.body).toMatchObject({ code: serverErrors.mediaInUse.code, data: { where: 'home draft (en)' } });
    expect(await t.db.selectFrom('media').select('id').where('id', '=', data.id).execute()).toHaveLength(1);

    // Published too, then replaced by another picture and published again: free to delete.
    const published = (await t.call('adminContent', 'home_publish', { lang: 'en', edition: saved.body.data.edition }, { token: staff.owner })).body.data as HomeEditor;
    expect((await t.call('adminMedia', 'uses', { id: data.id }, { token: staff.owner })).body.data.items.map((u) => u.place).sort()).toEqual(['home']);
    // The home page's HTML preloads the banner as the shop draws it: cropped to the slot, with the same srcset.
    const head = await pageHeadOf(t.db, 'home', new URL('http://shop.test/uni/'), 'en', { staticHost: t.config.staticHost, previewSecret: 'x', now: Date.now() });
    expect(head?.picture).toBe(`/media/${data.key}/960.webp?ratio=2:1`);
    const markup = pageHeadMarkup(head!, 'first-answers', 0);
    expect(markup).toContain(`imagesrcset="/media/${data.key}/160.webp?ratio=2:1 160w,`);
    expect(markup).toContain('imagesizes="(min-width: 800px) 776px, calc(100vw - 24px)"');
    const banner = await get(head!.picture!);
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ width: 960, height: 480 });
    const back = await t.call('adminContent', 'home_save', { lang: 'en', edition: published.edition, content }, { token: staff.owner });
    await t.call('adminContent', 'home_publish', { lang: 'en', edition: back.body.data.edition }, { token: staff.owner });
    const sizes = await t.db.selectFrom('media_sizes').select('file_id').where('media_id', '=', data.id).execute();
    expect(sizes).toHaveLength(2);
    const deleted = await t.call('adminMedia', 'delete', { id: data.id }, { token: staff.owner });
    expect(deleted.body).toMatchObject({ code: 0, data: { ok: true } });
    expect((await t.auditOf('media', data.id)).at(-1)).toMatchObject({ action: 'media.delete' });
    expect(await t.db.selectFrom('files').select('id').where('id', 'in', sizes.map((s) => s.file_id)).execute()).toEqual([]);
    expect((await get(src)).statusCode).toBe(404);
  });

  it('sits among a product\'s images as media/<key>; the shop draws it, and it is kept while the product shows it', async () => {
    const { data } = await upload(await picture(900, 900), staff.operator, 'sim-card.png');
    const id = await idOf('phone-unlock');
    const edit = editOf(await load(id));
    const saved = await t.call('adminProduct', 'update', { ...edit, images: [`media/${data.key}`, ...edit.images] }, { token: staff.operator });
    expect(saved.body.code).toBe(0);
    const shown = parseImageString((await shopDetail(id)).data.images, t.config.staticHost);
    expect(shown[0]).toBe(`/media/${data.key}/960.webp`);
    expect(await sharp((await get(shown[0]!)).rawPayload).metadata()).toMatchObject({ format: 'webp', width: 900 });
    expect((await t.call('adminMedia', 'uses', { id: data.id }, { token: staff.support })).body.data.items).toEqual([{ place: 'product', id: String(id), name: edit.name.en }]);
    expect((await t.call('adminMedia', 'delete', { id: data.id }, { token: staff.operator })).body).toMatchObject({ code: serverErrors.mediaInUse.code });
  });
});
