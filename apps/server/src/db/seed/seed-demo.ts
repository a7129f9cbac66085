import type { Language } from '@simshop/contract';
import type { Database } from '../database.ts';
import { saveContent } from '../../modules/content/content.service.ts';
import { countContents } from '../../modules/content/content.repository.ts';
import { demoHome } from './demo-content.ts';

/** Loads the demo data into an empty shop; a shop that already has content is left alone. */
export async function seedDemo(db: Database): Promise<boolean> {
  if ((await countContents(db)) > 0) return false;
  await db.transaction().execute(async (tx) => {
    for (const lang of Object.keys(demoHome) as Language[]) {
      await saveContent(tx, { name: 'home', version: '1', lang, content: demoHome[lang] });
    }
  });
  return true;
}
