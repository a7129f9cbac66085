import { describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-11-23-0018-labels-reviews.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const jsonLabels = async (key: string) => JSON.parse((await t.db.selectFrom('products').select('labels').where('key', '=', key).executeTakeFirstOrThrow()).labels) as unknown;
const labelsOf = (key: string) =>
  t.db
    .selectFrom('product_labels')
    .innerJoin('labels', 'labels.id', 'product_labels.label_id')
    .innerJoin('products', 'products.id', 'product_labels.product_id')
    .select(['labels.text_en', 'labels.text_zh'])
    .where('products.key', '=', key)
    .orderBy('labels.sort')
    .execute();

describe('migration 0018 (labels and reviews)', () => {
  it('puts the labels back into the products\' JSON when undone, and moves JSON labels into label rows when done', async () => {
    // Migrations see an untyped database, as the migrator gives them.
    const db = t.db as unknown as Parameters<typeof down>[0];
    await down(db);
    expect(await jsonLabels('asia-esim')).toEqual([
      { en: 'Instant delivery', zh: '即时发货' },
      { en: 'Hotspot', zh: '支持热点' },
    ]);
    // A label shared by two products, and a malformed JSON left alone.
    await db.updateTable('products').set({ labels: JSON.stringify([{ en: 'Hotspot', zh: '支持热点' }]) }).where('key', '=', 'europe-esim').execute();
    await db.updateTable('products').set({ labels: 'not json' }).where('key', '=', 'global-esim').execute();

    await up(db);
    expect(await labelsOf('asia-esim')).toEqual([
      { text_en: 'Instant delivery', text_zh: '即时发货' },
      { text_en: 'Hotspot', text_zh: '支持热点' },
    ]);
    expect(await labelsOf('europe-esim')).toEqual([{ text_en: 'Hotspot', text_zh: '支持热点' }]);
    expect(await labelsOf('global-esim')).toEqual([]);
    expect(Number((await t.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).where('text_en', '=', 'Hotspot').executeTakeFirstOrThrow()).n)).toBe(1);
    expect(await jsonLabels('asia-esim')).toEqual([]);
    // The shop reads them from the rows.
    const asia = (await t.db.selectFrom('products').select('id').where('key', '=', 'asia-esim').executeTakeFirstOrThrow()).id;
    expect((await t.call('product', 'detail', { id: asia })).body.data.labels.map((l) => l.text)).toEqual(['Instant delivery', 'Hotspot']);
  });
});
