import type { UserType } from '@simshop/contract';
import type { Generated, Insertable, Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface UsersTable {
  id: Generated<number>;
  role: number;
  user_type: UserType;
  nickname: string;
  name: string;
  avatar: string | null;
  tel: string | null;
  email: string | null;
  password_hash: string | null;
  status: string;
  can_create_reseller: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Millis;
  consumed_at: Millis | null;
  created_at: Millis;
}

/** A proof-of-work challenge before a code is sent (replaced the image code). */
export interface PowChallengesTable {
  id: string;
  purpose: string;
  nonce: string;
  difficulty: number;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
