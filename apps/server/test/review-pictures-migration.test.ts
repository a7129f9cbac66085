import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-11-23-0027-finish.ts';
import { storeFile } from '../src/modules/files/files.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const pathOf = async (id: string) => (await t.db.selectFrom('files').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;
const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

describe('migration 0027 (review pictures in their own folder)', () => {
  it('moves pictures uploaded as avatars to the reviews folder, copies one that is also the avatar, and moves them back when undone', async () => {
    const { userId } = await t.signIn();
    const avatar = async () => storeFile(t.db, t.config, { ownerUserId: userId, fileName: 'p.png', contentType: 'image/png', bytes: PNG, folder: 'avatars' });
    const picture = await avatar();
    const alsoAvatar = await avatar();
    await t.db.updateTable('users').set({ avatar: `/media/avatars/${alsoAvatar}` }).where('id', '=', userId).execute();
    const product = (await t.db.selectFrom('products').select('id').where('key', '=', 'asia-esim').executeTakeFirstOrThrow()).id;
    const review = (
      await t.db
        .insertInto('product_comments')
        .values({ product_id: product, user_id: userId, nickname: 'Old', avatar: null, content: 'Written before 0027', images: '', reply: null, created_at: Date.now(), replied_at: null, rating: 5, order_item_id: null, pictures: JSON.stringify([picture, alsoAvatar, 'gone']) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    // Migrations see an untyped database, as the migrator gives them.
    const db = t.db as unknown as Parameters<typeof up>[0];
    await up(db);
    const pictures = JSON.parse((await t.db.selectFrom('product_comments').select('pictures').where('id', '=', review).executeTakeFirstOrThrow()).pictures) as string[];
    expect(pictures[0]).toBe(picture);
    expect(pictures[1]).not.toBe(alsoAvatar);
    expect(pictures[2]).toBe('gone');
    expect(await pathOf(picture)).toBe(`reviews/${picture}`);
    expect(await pathOf(pictures[1]!)).toBe(`reviews/${pictures[1]}`);
    expect(await pathOf(alsoAvatar)).toBe(`avatars/${alsoAvatar}`);
    // The shop shows them at their new address, and the avatar still works.
    const shown = (await t.call('product', 'comments', { id: product, page: 1, size: 100 })).body.data.items.find((c) => c.id === review)!;
    expect(shown.pictures.slice(0, 2)).toEqual([`/media/reviews/${picture}`, `/media/reviews/${pictures[1]}`]);
    for (const url of shown.pictures.slice(0, 2)) expect(await status(url)).toBe(200);
    expect(await status(`/media/avatars/${alsoAvatar}`)).toBe(200);

    await down(db);
    expect(await pathOf(picture)).toBe(`avatars/${picture}`);
    expect(await pathOf(pictures[1]!)).toBe(`avatars/${pictures[1]}`);
  });
});
