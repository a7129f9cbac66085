import type { addressInputSchema } from '@simshop/contract';
import { countryCodeOf, serverErrors, type Address, type OrderAddress } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { AddressesTable } from './addresses.table.ts';
import { AppError } from '../../lib/app-error.ts';
import * as addresses from './address.repository.ts';

type Row = Selectable<AddressesTable>;
type AddressInput = z.output<typeof addressInputSchema>;

/** The most addresses one account keeps; the list page shows them all. */
export const MAX_ADDRESSES = 30;

export function toAddress(a: Row): Address {
  return {
    id: a.id,
    name: a.name,
    company: a.company,
    tel: a.tel,
    email: a.email,
    // Addresses saved before the country was chosen from a list hold its name as typed: read as
    // its code where the shop knows the name, so the form's picker and the lists show it.
    country: countryCodeOf(a.country) ?? a.country,
    province: a.province,
    city: a.city,
    district: a.district,
    postCode: a.post_code,
    detail: a.detail,
    defaultAddr: a.is_default === 1,
    updatedAt: a.updated_at,
  };
}

/** The copy of an address an order keeps. */
export function toOrderAddress(a: Row): OrderAddress {
  const { id: _id, defaultAddr: _d, updatedAt: _u, ...rest } = toAddress(a);
  return rest;
}

export async function listAddresses(db: Executor, userId: number, page: number, size: number) {
  const rows = await addresses.listOf(db, userId, (page - 1) * size, size);
  return { items: rows.map(toAddress), total: await addresses.countOf(db, userId) };
}

export async function requireAddress(db: Executor, userId: number, id: number): Promise<Row> {
  const row = await addresses.findOwn(db, userId, id);
  if (!row) throw new AppError(serverErrors.addressWrong, 'addressId');
  return row;
}

/**
 * Adds or changes an address, as the contract's schema kept it (its country's fields, the phone
 * in its kept form). At most one is the default; the first address is made the default.
 */
export async function saveAddress(db: Database, userId: number, input: AddressInput, now: number) {
  const fields = {
    name: input.name,
    company: input.company,
    tel: input.tel,
    email: input.email,
    country: input.country,
    province: input.province,
    city: input.city,
    district: input.district,
    post_code: input.postCode,
    detail: input.detail,
    updated_at: now,
  };
  const id = await db.transaction().execute(async (tx) => {
    const count = await addresses.countOf(tx, userId);
    const makeDefault = input.defaultAddr || count === 0;
    if (makeDefault) await addresses.clearDefault(tx, userId);
    if (input.id !== undefined) {
      await requireAddress(tx, userId, input.id);
      await addresses.update(tx, userId, input.id, { ...fields, is_default: input.defaultAddr ? 1 : 0 });
      return input.id;
    }
    if (count >= MAX_ADDRESSES) throw new AppError(serverErrors.addFailed, 'id', { max: MAX_ADDRESSES });
    return addresses.insert(tx, { user_id: userId, ...fields, is_default: makeDefault ? 1 : 0, created_at: now });
  });
  const data = toAddress(await requireAddress(db, userId, id));
  return { id, data };
}

/** Deletes an address; when it was the default, the most recently used one takes its place. */
export async function deleteAddress(db: Database, userId: number, id: number) {
  await db.transaction().execute(async (tx) => {
    const row = await requireAddress(tx, userId, id);
    await addresses.remove(tx, userId, id);
    if (row.is_default === 1) {
      const [next] = await addresses.listOf(tx, userId, 0, 1);
      if (next) await addresses.update(tx, userId, next.id, { is_default: 1 });
    }
  });
  return { ok: true as const };
}

/** Removes every address of an account being deleted (orders keep their own copy). */
export async function removeAllAddresses(tx: Executor, userId: number): Promise<void> {
  await addresses.removeAllOf(tx, userId);
}
