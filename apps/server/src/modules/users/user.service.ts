import { serverErrors, type UserInfo } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import * as users from './user.repository.ts';

/** The user's public profile (SPEC §3 Userinfo). */
export async function getUserInfo(db: Executor, userId: number): Promise<UserInfo> {
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError(serverErrors.accountNotFound);
  return { id: user.id, avatar: user.avatar, nickname: user.nickname, name: user.name, tel: user.tel, email: user.email, role: user.role };
}
