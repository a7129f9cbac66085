import type { Executor } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';

/** Product comments as staff see them, hidden ones included, each with its product's key and names. */
export interface CommentFilter {
  productId?: number | undefined;
  hidden?: boolean | undefined;
  replied?: boolean | undefined;
  q?: string | undefined;
}

const columns = [
  'c.id',
  'c.product_id',
  'c.user_id',
  'c.nickname',
  'c.avatar',
  'c.content',
  'c.images',
  'c.reply',
  'c.replied_at',
  'c.hidden',
  'c.created_at',
  'p.key as product_key',
  'p.name_en as product_name_en',
  'p.name_zh as product_name_zh',
] as const;

function filtered(db: Executor, f: CommentFilter) {
  let q = db.selectFrom('product_comments as c').innerJoin('products as p', 'p.id', 'c.product_id');
  if (f.productId !== undefined) q = q.where('c.product_id', '=', f.productId);
  if (f.hidden !== undefined) q = q.where('c.hidden', '=', f.hidden ? 1 : 0);
  if (f.replied === true) q = q.where('c.reply', 'is not', null);
  if (f.replied === false) q = q.where('c.reply', 'is', null);
  if (f.q) {
    const text = f.q;
    q = q.where((eb) => eb.or([containsText('c.content', text), containsText('c.nickname', text)]));
  }
  return q;
}

export async function listComments(db: Executor, f: CommentFilter, page: { offset: number; limit: number; order: 'asc' | 'desc' }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).select(columns).orderBy('c.created_at', page.order).orderBy('c.id', page.order).limit(page.limit).offset(page.offset).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findComment(db: Executor, id: number) {
  return filtered(db, {}).select(columns).where('c.id', '=', id).executeTakeFirst();
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>;

export async function updateComment(db: Executor, id: number, changes: { hidden?: number; reply?: string | null; replied_at?: number | null }) {
  await db.updateTable('product_comments').set(changes).where('id', '=', id).execute();
}

/** Products with at least one comment (hidden ones count), by name. */
export function productsWithComments(db: Executor) {
  return db
    .selectFrom('product_comments as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select((eb) => ['p.id', 'p.key', 'p.name_en', 'p.name_zh', eb.fn.count<number>('c.id').as('comments')])
    .groupBy(['p.id', 'p.key', 'p.name_en', 'p.name_zh'])
    .orderBy('p.name_en')
    .execute();
}
