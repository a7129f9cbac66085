import type { ColumnType, Generated } from 'kysely';
import type { Millis } from '../../db/column-types.ts';

export interface StoresTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  address_en: string;
  address_zh: string;
  city_en: string;
  city_zh: string;
  phone: string;
  /** IANA time zone the opening hours are written in. */
  time_zone: string;
  /** JSON: contract `WeeklyHours` (seven days, Monday first). */
  hours: string;
  lat: number;
  lng: number;
  /** JSON: contract `StoreService[]` */
  services: string;
  active: number;
  sort: number;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant that runs the store (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
  /** 0070: a media library picture (`media:<key>`); null: none. */
  picture: ColumnType<string | null, string | null | undefined, string | null>;
}
