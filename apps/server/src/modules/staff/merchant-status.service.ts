import type { MerchantEvent } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../audit/audit.service.ts';
import { stepMerchant } from '../merchants/merchant.service.ts';
import { endMerchantStaffSessions } from './staff.service.ts';

/**
 * approve / suspend / reactivate as the console asks. Suspending also signs the merchant's staff
 * out in the same transaction: a suspended merchant's console is closed at once, not when its
 * sessions run out. Here in staff, which sits above merchants: staff belong to a merchant.
 */
export function changeMerchantStatus(db: Database, actor: Actor, input: { id: number; version: number }, event: MerchantEvent, now: number) {
  return stepMerchant(db, actor, input, event, now, event === 'suspend' ? (tx, row) => endMerchantStaffSessions(tx, row.id, now) : undefined);
}
