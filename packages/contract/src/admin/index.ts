import type { z } from 'zod';
import { adminAuditEndpoint, adminAuthEndpoint, adminStaffEndpoint } from './auth.ts';
import { adminProductEndpoint } from './catalogue.ts';
import { adminBlogEndpoint } from './blog.ts';
import { adminContentEndpoint } from './content.ts';
import { adminStoreEndpoint } from './stores.ts';
import { adminCouponEndpoint } from './coupons.ts';
import { adminCustomerEndpoint } from './customers.ts';
import { adminDashboardEndpoint } from './dashboard.ts';
import { adminInventoryEndpoint } from './inventory.ts';
import { adminLabelEndpoint } from './labels.ts';
import { adminMessageEndpoint } from './messages.ts';
import { adminOrderEndpoint } from './orders.ts';
import { adminPaymentEndpoint } from './payments.ts';
import { adminSettingsEndpoint } from './settings.ts';
import { adminToolsEndpoint } from './tools.ts';
import { adminMcpEndpoint } from '../mcp/settings.ts';
import { adminMerchantEndpoint } from './merchants.ts';
import { adminSettlementEndpoint } from './settlement.ts';
import { adminResellerApplicationEndpoint } from './reseller-applications.ts';
import { adminOpsAlertsEndpoint } from './ops-alerts.ts';
import { adminReportsEndpoint } from './reports.ts';
import { adminMediaEndpoint } from './media.ts';
import { adminOrderBulkEndpoint, adminProductBulkEndpoint } from './bulk.ts';
import { adminSavedFilterEndpoint } from './saved-filters.ts';

export * from './audit.ts';
export * from './blog.ts';
export * from './stores.ts';
export * from './catalogue.ts';
export * from './catalogue-files.ts';
export * from './product-rules.ts';
export * from './common.ts';
export * from './content.ts';
export * from './coupons.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './define.ts';
export * from './inventory.ts';
export * from './labels.ts';
export * from './messages.ts';
export * from './orders.ts';
export * from './order-esims.ts';
export * from './payments.ts';
export * from './permissions.ts';
export * from './settings.ts';
export * from './staff.ts';
export * from './tools.ts';
export * from './merchants.ts';
export * from './merchant-scope.ts';
export * from './settlement.ts';
export * from './reseller-applications.ts';
export * from './ops-alerts.ts';
export * from './reports.ts';
export * from './media.ts';
export * from './bulk.ts';
export * from './saved-filters.ts';

/**
 * The console's endpoints (`POST /fetch/admin/<domain>.do?action=<name>`), kept apart from the
 * shop's `api` so the shop's bundle carries none of them. Same dispatcher, envelope, signing,
 * validation and error catalogue; each action declares its permission.
 */
export const adminApi = {
  adminAuth: adminAuthEndpoint,
  adminStaff: adminStaffEndpoint,
  adminAudit: adminAuditEndpoint,
  adminDashboard: adminDashboardEndpoint,
  adminOrder: adminOrderEndpoint,
  adminProduct: adminProductEndpoint,
  adminLabel: adminLabelEndpoint,
  adminInventory: adminInventoryEndpoint,
  adminCustomer: adminCustomerEndpoint,
  adminMessage: adminMessageEndpoint,
  adminContent: adminContentEndpoint,
  adminBlog: adminBlogEndpoint,
  adminStore: adminStoreEndpoint,
  adminPayment: adminPaymentEndpoint,
  adminCoupon: adminCouponEndpoint,
  adminSettings: adminSettingsEndpoint,
  adminTools: adminToolsEndpoint,
  adminMcp: adminMcpEndpoint,
  adminMerchant: adminMerchantEndpoint,
  adminSettlement: adminSettlementEndpoint,
  adminResellerApplication: adminResellerApplicationEndpoint,
  adminOpsAlerts: adminOpsAlertsEndpoint,
  adminReports: adminReportsEndpoint,
  adminMedia: adminMediaEndpoint,
  adminOrderBulk: adminOrderBulkEndpoint,
  adminProductBulk: adminProductBulkEndpoint,
  adminSavedFilter: adminSavedFilterEndpoint,
} as const;

export type AdminApi = typeof adminApi;
export type AdminEndpointName = keyof AdminApi;
export type AdminActionName<E extends AdminEndpointName> = keyof AdminApi[E]['actions'] & string;
type AdminActionOf<E extends AdminEndpointName, A extends AdminActionName<E>> = AdminApi[E]['actions'][A] extends { request: infer Req extends z.ZodType; response: infer Res extends z.ZodType } ? { req: Req; res: Res } : never;
export type AdminRequestOf<E extends AdminEndpointName, A extends AdminActionName<E>> = z.input<AdminActionOf<E, A>['req']>;
export type AdminResponseOf<E extends AdminEndpointName, A extends AdminActionName<E>> = z.output<AdminActionOf<E, A>['res']>;
