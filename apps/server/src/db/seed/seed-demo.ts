import { Role, UserType, type Language } from '@simshop/contract';
import type { Database } from '../database.ts';
import { saveContent } from '../../modules/content/content.service.ts';
import { countContents } from '../../modules/content/content.repository.ts';
import { findUserByAccount, insertUser } from '../../modules/accounts/account.repository.ts';
import { hashPassword } from '../../modules/accounts/password.ts';
import { demoHome } from './demo-content.ts';

/** Demo accounts (README): one of each kind, all with the password below. */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'demo@simshop.local', nickname: 'Demo customer', role: Role.normal, canCreateReseller: 1 },
  { email: 'reseller@simshop.local', nickname: 'Demo reseller', role: Role.reseller, canCreateReseller: 1 },
  { email: 'foreign@simshop.local', nickname: 'Demo foreign reseller', role: Role.foreignReseller, canCreateReseller: 0 },
] as const;

/** Loads what is missing of the demo data; what a shop already has is left alone. */
export async function seedDemo(db: Database, now = Date.now()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (tx) => {
    if ((await countContents(tx)) === 0) {
      for (const lang of Object.keys(demoHome) as Language[]) {
        await saveContent(tx, { name: 'home', version: '1', lang, content: demoHome[lang] }, now);
      }
    }
    for (const account of DEMO_ACCOUNTS) {
      if (await findUserByAccount(tx, 'email', account.email)) continue;
      await insertUser(tx, {
        role: account.role,
        user_type: UserType.email,
        nickname: account.nickname,
        name: '',
        email: account.email,
        tel: null,
        password_hash: passwordHash,
        status: 'active',
        can_create_reseller: account.canCreateReseller,
        created_at: now,
        updated_at: now,
      });
    }
  });
}
