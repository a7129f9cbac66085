import type { StaffRole, StaffStatus } from '@simshop/contract';
import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** Active TOTP secret (base32); null when the second factor is off. */
  totp_secret: string | null;
  /** A secret being enrolled, active only once a first code confirms it. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: number | null;
  status: StaffStatus;
  last_sign_in_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant this staff member works for; null is platform staff (sees every merchant). */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0033: 1 while the member still has a one-time password, which they must change first. */
  must_change_password: ColumnType<number, number | undefined, number>;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  ip: string | null;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
}

/** 0033: a browser a staff member signed in from (hash of the device cookie's random id). */
export interface StaffDevicesTable {
  id: Generated<number>;
  staff_id: number;
  device_hash: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
}
