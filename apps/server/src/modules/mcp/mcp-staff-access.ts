import type { Executor } from '../../db/database.ts';
import { merchantSuspended } from '../merchants/merchant.service.ts';
import type { McpStaff } from '../oauth/oauth.service.ts';
import { staffMemberById } from '../staff/staff.service.ts';
import type { StaffToolContext } from './mcp-staff-tools.ts';

/**
 * The staff member a token's approval acts for, as the console sees them now: null when they
 * could not use the console either (disabled, removed, a one-time password still to change,
 * their merchant suspended), so their assistant stops with them.
 */
export async function staffOfApproval(db: Executor, approval: McpStaff): Promise<StaffToolContext['staff'] | null> {
  const member = await staffMemberById(db, approval.staffId);
  if (!member || member.status !== 'active' || member.mustChangePassword) return null;
  if (member.merchantId !== null && (await merchantSuspended(db, member.merchantId))) return null;
  return { ...approval, email: member.email, role: member.role, merchantId: member.merchantId };
}
