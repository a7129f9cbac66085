import { api, API_BASE, serverErrors, signRequest } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads a picture the way the shop does (upload.do, action review_picture); gives its code and file id. */
async function upload(token: string, action: 'review_picture' | 'avatar') {
  const query = `action=${action}`;
  const boundary = '----simshop-review-boundary';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers = signRequest(t.config.signing, { query, body: '', token });
  const res = await t.app.inject({ method: 'POST', url: `${API_BASE}${api.upload.path}?${query}`, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return res.json() as { code: number; data: { fileId: string; url: string } };
}
const uploadPicture = async (token: string): Promise<string> => (await upload(token, 'review_picture')).data.fileId;

/** A customer with a delivered Asia eSIM order: the order and its one item. */
async function delivered() {
  const { token } = await t.signIn();
  const orderNo = await t.buy(token, 'ESIM-ASIA-5-7', 1);
  const order = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
  expect(order.status).toBe('delivered');
  return { token, orderNo, itemId: order.items[0]!.id, productId: order.items[0]!.productId };
}

const countReviews = async () => Number((await t.db.selectFrom('product_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('order_item_id', 'is not', null).executeTakeFirstOrThrow()).n);

describe('product.review', () => {
  it('writes a review with pictures; the goods page shows it with the average and count; once per item', async () => {
    const { token, orderNo, itemId, productId } = await delivered();
    const before = (await t.call('product', 'detail', { id: productId })).body.data;
    const pictures = [await uploadPicture(token), await uploadPicture(token)];
    const res = await t.call('product', 'review', { orderItemId: itemId, rating: 4, content: '  Worked on landing  ', pictures }, { token });
    expect(res.body).toMatchObject({ code: 0, data: { rating: 4, content: 'Worked on landing', reply: null, pictures: pictures.map((id) => `/media/reviews/${id}`) } });
    const picture = await t.app.inject({ method: 'GET', url: res.body.data.pictures[0]! });
    expect(picture.statusCode).toBe(200);

    const after = (await t.call('product', 'detail', { id: productId })).body.data;
    expect(after.commentCount).toBe(before.commentCount + 1);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(after.ratingAverage).toBe(4);
    const listed = (await t.call('product', 'comments', { id: productId, page: 1, size: 5 })).body.data.items[0]!;
    expect(listed).toMatchObject({ id: res.body.data.id, rating: 4, pictures: res.body.data.pictures });

    expect((await t.call('product', 'review', { orderItemId: itemId, rating: 5, content: 'Again' }, { token })).body).toMatchObject({ code: serverErrors.reviewAlreadyWritten.code, field: 'orderItemId' });
    const mine = (await t.call('product', 'order_reviews', { orderNo }, { token })).body.data.items;
    expect(mine).toEqual([{ orderItemId: itemId, productId, canReview: false, review: expect.objectContaining({ id: res.body.data.id, rating: 4 }) }]);
  });

  it('averages the shown ratings to one decimal; hidden reviews leave the average', async () => {
    const a = await delivered();
    const b = await delivered();
    const c = await delivered();
    const productId = a.productId;
    const ids: number[] = [];
    for (const [who, rating] of [[a, 5], [b, 4], [c, 4]] as const) ids.push((await t.call('product', 'review', { orderItemId: who.itemId, rating, content: 'Fine' }, { token: who.token })).body.data.id);
    const { sum, n } = await t.db.selectFrom('product_comments').select((eb) => [eb.fn.sum<number>('rating').as('sum'), eb.fn.count<number>('rating').as('n')]).where('product_id', '=', productId).where('hidden', '=', 0).executeTakeFirstOrThrow();
    const detail = (await t.call('product', 'detail', { id: productId })).body.data;
    expect(detail.ratingCount).toBe(Number(n));
    expect(detail.ratingAverage).toBe(Math.round((Number(sum) / Number(n)) * 10) / 10);
    await t.call('adminMessage', 'comment_hide', { id: ids[0]!, hidden: true }, { token: owner });
    expect((await t.call('product', 'detail', { id: productId })).body.data.ratingCount).toBe(Number(n) - 1);
  });

  it('refuses an order that is not received yet, another customer\'s item and an unknown item, writing nothing', async () => {
    const { token } = await t.signIn();
    const sku = await t.sku('ESIM-ASIA-5-7');
    const unpaid = (await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token })).body.data;
    const before = await countReviews();
    expect((await t.call('product', 'review', { orderItemId: unpaid.items[0]!.id, rating: 5, content: 'Too early' }, { token })).body).toMatchObject({ code: serverErrors.reviewNotReceived.code, field: 'orderItemId' });
    expect((await t.call('product', 'order_reviews', { orderNo: unpaid.orderNo }, { token })).body.data.items).toEqual([{ orderItemId: unpaid.items[0]!.id, productId: sku.productId, canReview: false, review: null }]);

    const other = await delivered();
    expect((await t.call('product', 'review', { orderItemId: other.itemId, rating: 1, content: 'Not mine' }, { token })).body).toMatchObject({ code: serverErrors.reviewItemNotFound.code, field: 'orderItemId' });
    expect((await t.call('product', 'order_reviews', { orderNo: other.orderNo }, { token })).body).toMatchObject({ code: serverErrors.orderNotFound.code });
    expect((await t.call('product', 'review', { orderItemId: 999_999, rating: 3, content: 'Nothing' }, { token })).body).toMatchObject({ code: serverErrors.reviewItemNotFound.code });
    expect(await countReviews()).toBe(before);
    // The other customer can still review their item.
    expect((await t.call('product', 'order_reviews', { orderNo: other.orderNo }, { token: other.token })).body.data.items[0]).toMatchObject({ canReview: true, review: null });
  });

  it('refuses pictures the customer did not upload, and bad input by field', async () => {
    const { token, itemId } = await delivered();
    const stranger = await t.signIn();
    const theirs = await uploadPicture(stranger.token);
    const mine = await uploadPicture(token);
    const before = await countReviews();
    const write = (body: Record<string, unknown>) => t.call('product', 'review', { orderItemId: itemId, rating: 5, content: 'Good', ...body } as never, { token });
    expect((await write({ pictures: [mine, theirs] })).body).toMatchObject({ code: serverErrors.reviewPictureInvalid.code, field: 'pictures.1' });
    expect((await write({ pictures: ['not-a-file'] })).body).toMatchObject({ code: serverErrors.reviewPictureInvalid.code, field: 'pictures.0' });
    expect((await write({ pictures: Array.from({ length: 7 }, () => mine) })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'pictures' });
    expect((await write({ rating: 0 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'rating' });
    expect((await write({ rating: 6 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'rating' });
    expect((await write({ rating: 4.5 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'rating' });
    expect((await write({ content: '   ' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'content' });
    expect((await write({ content: 'x'.repeat(1001) })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'content' });
    expect((await t.call('product', 'review', { rating: 5, content: 'No item' } as never, { token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'orderItemId' });
    expect((await t.call('product', 'review', { orderItemId: itemId, rating: 5, content: 'Anonymous' })).http).toBe(401);
    expect(await countReviews()).toBe(before);
    // Six of one's own pictures are fine (the same one twice counts once).
    expect((await write({ pictures: [mine, mine] })).body).toMatchObject({ code: 0, data: { pictures: [`/media/reviews/${mine}`] } });
  });

  it('lets only one of two simultaneous reviews of an item through', async () => {
    const { token, itemId } = await delivered();
    const results = await Promise.all([1, 2, 3].map((n) => t.call('product', 'review', { orderItemId: itemId, rating: n, content: `Race ${n}` }, { token })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 0)) expect(r.body.code).toBe(serverErrors.reviewAlreadyWritten.code);
    expect(Number((await t.db.selectFrom('product_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('order_item_id', '=', itemId).executeTakeFirstOrThrow()).n)).toBe(1);
  });
});

describe('review pictures', () => {
  it('are uploaded with their own action and address; an avatar upload is not a review picture', async () => {
    const { token, itemId } = await delivered();
    const picture = await upload(token, 'review_picture');
    expect(picture).toMatchObject({ code: 0, data: { url: `/media/reviews/${picture.data.fileId}` } });
    expect((await t.app.inject({ method: 'GET', url: picture.data.url })).statusCode).toBe(200);
    // Each folder serves only its own files.
    expect((await t.app.inject({ method: 'GET', url: `/media/avatars/${picture.data.fileId}` })).statusCode).toBe(404);
    const avatar = await upload(token, 'avatar');
    expect((await t.app.inject({ method: 'GET', url: `/media/reviews/${avatar.data.fileId}` })).statusCode).toBe(404);
    const before = await countReviews();
    expect((await t.call('product', 'review', { orderItemId: itemId, rating: 5, content: 'Avatar', pictures: [avatar.data.fileId] }, { token })).body).toMatchObject({ code: serverErrors.reviewPictureInvalid.code, field: 'pictures.0' });
    expect(await countReviews()).toBe(before);
  });

  it('have a daily quota of their own: using up avatars leaves pictures, and pictures stop at theirs', async () => {
    const { token } = await t.signIn();
    for (let i = 0; i < 20; i++) expect((await upload(token, 'avatar')).code).toBe(0);
    expect((await upload(token, 'avatar')).code).toBe(serverErrors.tooFrequent.code);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await upload(token, 'review_picture')).code);
    expect(codes.slice(0, 60)).toEqual(Array(60).fill(0));
    expect(codes[60]).toBe(serverErrors.tooFrequent.code);
    // ...and used-up pictures leave avatars to another day's quota, not theirs.
    const other = await t.signIn();
    for (let i = 0; i < 60; i++) await upload(other.token, 'review_picture');
    expect((await upload(other.token, 'avatar')).code).toBe(0);
  });
});

describe('the old text-only product.comment', () => {
  it('is gone: a comment without an order item cannot be written, even by a buyer who already reviewed', async () => {
    const { token, itemId, productId } = await delivered();
    expect((await t.call('product', 'review', { orderItemId: itemId, rating: 5, content: 'Once' }, { token })).body.code).toBe(0);
    const before = Number((await t.db.selectFrom('product_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow()).n);
    const res = await t.call('product', 'comment' as never, { id: productId, content: 'Twice, through the side door' } as never, { token });
    expect(res.body).toMatchObject({ code: serverErrors.actionInvalid.code, field: 'action' });
    const after = Number((await t.db.selectFrom('product_comments').select((eb) => eb.fn.countAll<number>().as('n')).where('product_id', '=', productId).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});

describe('reviews in the console', () => {
  it('lists reviews with rating and pictures, filters by rating, replies (the shop shows it) and hides, audited', async () => {
    const { token, itemId, productId } = await delivered();
    const picture = await uploadPicture(token);
    const review = (await t.call('product', 'review', { orderItemId: itemId, rating: 2, content: 'Slow to activate', pictures: [picture] }, { token })).body.data;
    const twos = (await t.call('adminMessage', 'comments', { rating: 2, productId }, { token: owner })).body.data;
    expect(twos.items.every((c) => c.rating === 2)).toBe(true);
    expect(twos.items.find((c) => c.id === review.id)).toMatchObject({ rating: 2, orderItemId: itemId, pictures: [`/media/reviews/${picture}`] });
    expect((await t.call('adminMessage', 'comments', { rating: 5, productId }, { token: owner })).body.data.items.some((c) => c.id === review.id)).toBe(false);
    expect((await t.call('adminMessage', 'comments', { rating: 6 } as never, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'rating' });

    expect((await t.call('adminMessage', 'comment_reply', { id: review.id, reply: 'Sorry: restart the phone once.' }, { token: owner })).body.code).toBe(0);
    const shown = (await t.call('product', 'comments', { id: productId, page: 1, size: 50 })).body.data.items.find((c) => c.id === review.id);
    expect(shown).toMatchObject({ reply: 'Sorry: restart the phone once.', rating: 2 });
    expect((await t.auditOf('comment', review.id)).map((r) => r.action)).toEqual(['comment.reply']);
  });
});
