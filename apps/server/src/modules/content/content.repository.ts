import type { Executor } from '../../db/database.ts';

export function findContent(db: Executor, key: { name: string; version: string; lang: string }) {
  return db
    .selectFrom('json_contents')
    .selectAll()
    .where('name', '=', key.name)
    .where('version', '=', key.version)
    .where('lang', '=', key.lang)
    .executeTakeFirst();
}

export async function upsertContent(db: Executor, row: { name: string; version: string; lang: string; content: string; updatedAt: number }) {
  await db
    .insertInto('json_contents')
    .values({ name: row.name, version: row.version, lang: row.lang, content: row.content, updated_at: row.updatedAt })
    .onConflict((oc) => oc.columns(['name', 'version', 'lang']).doUpdateSet({ content: row.content, updated_at: row.updatedAt }))
    .execute();
}

export async function countContents(db: Executor): Promise<number> {
  const row = await db.selectFrom('json_contents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
