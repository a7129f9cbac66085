import { z } from 'zod';

/**
 * Staff roles and what each may do (DESIGN §8). An admin action declares the one permission it
 * needs; the dispatcher refuses a staff member whose role lacks it, so nothing is only hidden in
 * the console. Owner has every permission, including managing staff.
 */
export const STAFF_ROLES = ['owner', 'operator', 'support', 'finance'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const PERMISSIONS = [
  'dashboard.read',
  'orders.read',
  'orders.fulfil',
  'orders.refund',
  'orders.export',
  'catalogue.read',
  'catalogue.write',
  'inventory.read',
  'inventory.write',
  'customers.read',
  'customers.write',
  'balances.write',
  'messages.read',
  'messages.write',
  'comments.write',
  'content.read',
  'content.write',
  'payments.read',
  'promotions.view',
  'promotions.manage',
  'jobs.read',
  'jobs.write',
  'audit.read',
  'staff.manage',
  'settings.manage',
  /** Approve, suspend and edit merchants, set commissions (owner only). */
  'merchants.manage',
  /** Settle (lock) a merchant's period; reading settlement needs payments.read. */
  'settlements.manage',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

const ALL: readonly Permission[] = PERMISSIONS;

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL,
  // Runs the shop floor: orders, fulfilment, catalogue, pools, content; no money going out.
  operator: [
    'dashboard.read', 'orders.read', 'orders.fulfil', 'orders.export', 'catalogue.read', 'catalogue.write',
    'inventory.read', 'inventory.write', 'customers.read', 'messages.read', 'messages.write', 'comments.write',
    'content.read', 'content.write', 'jobs.read', 'jobs.write', 'promotions.view', 'promotions.manage',
  ],
  // Talks to customers; reads orders; no refunds, prices or balances.
  support: ['dashboard.read', 'orders.read', 'customers.read', 'customers.write', 'messages.read', 'messages.write', 'comments.write', 'content.read', 'catalogue.read', 'promotions.view'],
  // Money: refunds, balances, payments and reports; reads orders.
  finance: ['dashboard.read', 'orders.read', 'orders.refund', 'orders.export', 'customers.read', 'balances.write', 'payments.read', 'jobs.read', 'catalogue.read', 'inventory.read', 'audit.read', 'promotions.view', 'settlements.manage'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
