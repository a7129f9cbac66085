import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * The sandbox's SQL: on the live database, the fingerprints and rows of what the sandbox copies
 * (the catalogue the API sells from, a reseller's account row); on the sandbox's database, those
 * rows upserted by id and its bookkeeping of what it last copied (sandbox_mirror). The tables are
 * other modules' as a copy sees them: whole rows, never their rules.
 */

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits for the widest table copied. */
const BATCH_ROWS = 100;

/**
 * What moves when the live catalogue does, in one statement: the catalogue version its triggers
 * raise with every write to products, SKUs and labels (0026), and counts and last changes of the
 * rows a copy takes, for the columns those triggers do not watch.
 */
export async function catalogueFingerprint(db: Executor): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('catalogue_version').select('version').where('id', '=', 1).as('version'),
      eb.selectFrom('products').select((e) => e.fn.countAll().as('n')).as('products'),
      eb.selectFrom('products').select((e) => e.fn.max('updated_at').as('at')).as('products_at'),
      eb.selectFrom('product_skus').select((e) => e.fn.countAll().as('n')).as('skus'),
      eb.selectFrom('merchants').select((e) => e.fn.countAll().as('n')).as('merchants'),
      eb.selectFrom('merchants').select((e) => e.fn.max('updated_at').as('at')).as('merchants_at'),
      eb.selectFrom('labels').select((e) => e.fn.max('updated_at').as('at')).as('labels_at'),
      eb.selectFrom('product_labels').select((e) => e.fn.countAll().as('n')).as('product_labels'),
    ])
    .executeTakeFirstOrThrow();
  return Object.values(row).map(String).join(':');
}

/** The live catalogue, every row the sandbox copies, parents first. */
export async function liveCatalogue(db: Executor) {
  return {
    merchants: await db.selectFrom('merchants').selectAll().orderBy('id').execute(),
    labels: await db.selectFrom('labels').selectAll().orderBy('id').execute(),
    products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
    skus: await db.selectFrom('product_skus').selectAll().orderBy('id').execute(),
    productLabels: await db.selectFrom('product_labels').selectAll().execute(),
  };
}

/** A reseller's account row as it is live, or undefined. */
export function liveUser(db: Executor, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

type CopiedTable = 'merchants' | 'labels' | 'products' | 'product_skus' | 'users';

/**
 * Inserts the rows with their ids, or updates the row of that id to them; `insertOnly` columns
 * keep the sandbox's own value once the row is there (a SKU's stock moves with sandbox orders).
 */
export async function upsertRows(db: Executor, table: CopiedTable, rows: readonly object[], insertOnly: readonly string[] = []): Promise<void> {
  if (rows.length === 0) return;
  const updated = Object.keys(rows[0]!).filter((column) => column !== 'id' && !insertOnly.includes(column));
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH_ROWS) as never)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => Object.fromEntries(updated.map((column) => [column, eb.ref(`excluded.${column}` as never)])) as never))
      .execute();
  }
}

/** Which products carry which labels: replaced whole by the live pairs. */
export async function replaceProductLabels(db: Executor, pairs: ReadonlyArray<{ product_id: number; label_id: number }>): Promise<void> {
  await db.deleteFrom('product_labels').execute();
  for (let i = 0; i < pairs.length; i += BATCH_ROWS) await db.insertInto('product_labels').values(pairs.slice(i, i + BATCH_ROWS)).execute();
}

export async function idsOf(db: Executor, table: 'products' | 'product_skus'): Promise<number[]> {
  return (await db.selectFrom(table).select('id').execute()).map((r) => r.id);
}

/**
 * Products and SKUs gone from the live shop stay (sandbox orders point at them) but are no longer
 * sold, and give up their key or code (marked `~gone~<id>`), which a new live row may take.
 */
export async function retire(db: Executor, table: 'products' | 'product_skus', ids: readonly number[], now: number): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH_ROWS) {
    const batch = ids.slice(i, i + BATCH_ROWS);
    if (table === 'products') {
      await db
        .updateTable('products')
        .set({ on_sale: 0, updated_at: now, key: sql<string>`${sql.ref('key')} || '~gone~' || ${sql.ref('id')}` })
        .where('id', 'in', batch)
        .where('key', 'not like', '%~gone~%')
        .execute();
    } else {
      await db
        .updateTable('product_skus')
        .set({ sold_out: 1, code: sql<string>`${sql.ref('code')} || '~gone~' || ${sql.ref('id')}` })
        .where('id', 'in', batch)
        .where('code', 'not like', '%~gone~%')
        .execute();
    }
  }
}

export async function mirrorFingerprint(db: Executor, what: string): Promise<string | undefined> {
  return (await db.selectFrom('sandbox_mirror').select('fingerprint').where('what', '=', what).executeTakeFirst())?.fingerprint;
}

/** Records a first copy; false when one was recorded already (by this request's twin, too: the insert waits for it on PostgreSQL). */
export async function recordFirstMirror(db: Executor, what: string, fingerprint: string, now: number): Promise<boolean> {
  const inserted = await db.insertInto('sandbox_mirror').values({ what, fingerprint, mirrored_at: now }).onConflict((oc) => oc.column('what').doNothing()).returning('what').executeTakeFirst();
  return inserted !== undefined;
}

export async function recordMirror(db: Executor, what: string, fingerprint: string, now: number): Promise<void> {
  await db
    .insertInto('sandbox_mirror')
    .values({ what, fingerprint, mirrored_at: now })
    .onConflict((oc) => oc.column('what').doUpdateSet({ fingerprint, mirrored_at: now }))
    .execute();
}
