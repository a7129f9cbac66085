import type { CodePurpose, Currency, CustomerStatus, Role, UserType } from '@simshop/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface UsersTable {
  id: Generated<number>;
  role: Role;
  user_type: UserType;
  nickname: string;
  name: string;
  avatar: string | null;
  tel: string | null;
  email: string | null;
  password_hash: string | null;
  status: CustomerStatus;
  can_create_reseller: number;
  created_at: Millis;
  updated_at: Millis;
  /** 0039: when the customer deleted the account (its personal data cleared); null while it is in use. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0043: the currency chosen in Mine; null: the language's default. */
  currency: ColumnType<Currency | null, Currency | null | undefined, Currency | null>;
}

/** What a code may be for: the account purposes, and proving a SIM line is yours ('line'). */
export type StoredPurpose = CodePurpose | 'line';

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  purpose: StoredPurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Millis;
  consumed_at: Millis | null;
  created_at: Millis;
}

/** A proof-of-work challenge before a code is sent (replaced the image code). */
export interface PowChallengesTable {
  id: string;
  purpose: CodePurpose;
  nonce: string;
  difficulty: number;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
