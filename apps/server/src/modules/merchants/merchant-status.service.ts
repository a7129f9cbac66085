import type { MerchantEvent } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../audit/audit.service.ts';
import { endMerchantStaffSessions } from '../staff/staff.service.ts';
import { stepMerchant } from './merchant.service.ts';

/**
 * approve / suspend / reactivate as the console asks. Suspending also signs the merchant's staff
 * out in the same transaction: a suspended merchant's console is closed at once, not when its
 * sessions run out. (Kept apart from merchant.service, which the staff module itself imports.)
 */
export function changeMerchantStatus(db: Database, actor: Actor, input: { id: number; version: number }, event: MerchantEvent, now: number) {
  return stepMerchant(db, actor, input, event, now, event === 'suspend' ? (tx, row) => endMerchantStaffSessions(tx, row.id, now) : undefined);
}
