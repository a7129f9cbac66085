import type { Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  company: string;
  tel: string;
  email: string;
  country: string;
  province: string;
  city: string;
  district: string;
  post_code: string;
  detail: string;
  is_default: number;
  created_at: Millis;
  updated_at: Millis;
}
