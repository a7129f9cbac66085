import type { AddressesTable } from '../modules/addresses/addresses.table.ts';
import type { ArticlesTable } from '../modules/articles/articles.table.ts';
import type { AuditLogTable } from '../modules/audit/audit.table.ts';
import type { BalancesTable, BalanceLedgerTable, BalanceTopupsTable } from '../modules/balance/balance.table.ts';
import type { BlogPostsTable } from '../modules/blog/blog.table.ts';
import type { CartItemsTable } from '../modules/cart/cart.table.ts';
import type { CouponsTable, CouponCodesTable, CouponClaimsTable, CouponUsesTable } from '../modules/coupons/coupons.table.ts';
import type { CustomerMessagesTable, ConversationsTable, SavedRepliesTable } from '../modules/messages/messages.table.ts';
import type { DevicesTable, RechargesTable } from '../modules/devices/devices.table.ts';
import type { EcodesTable } from '../modules/ecode/ecode.table.ts';
import type { EsimsTable, EsimInstallLogsTable, EsimAddonsTable, SmdpNotificationsTable } from '../modules/esim/esim.table.ts';
import type { FilesTable, FileContentsTable } from '../modules/files/files.table.ts';
import type { MediaSizesTable, MediaTable } from '../modules/media/media.table.ts';
import type { JsonContentsTable, ContentDraftsTable, ContentRevisionsTable } from '../modules/content/content.table.ts';
import type { LabelsTable, ProductLabelsTable } from '../modules/labels/labels.table.ts';
import type { SavedFilterTable } from '../modules/saved-filters/saved-filters.table.ts';
import type { MerchantsTable } from '../modules/merchants/merchants.table.ts';
import type { NotificationsTable, NotificationSettingsTable } from '../modules/notifications/notifications.table.ts';
import type { ResellerApplicationsTable } from '../modules/reseller-applications/reseller-applications.table.ts';
import type { OpsAlertsTable, OpsAlertThrottleTable, StaffAlertSettingsTable } from '../modules/ops-alerts/ops-alerts.table.ts';
import type { OrdersTable, OrderItemsTable, OrderEventsTable, OrderNotesTable, CheckoutsTable, OrderConsumerTermsTable } from '../modules/orders/orders.table.ts';
import type { OutboxTable, JobSideEffectsTable, SchedulerLeaseTable } from '../jobs/jobs.table.ts';
import type { PaymentsTable, PaymentEventsTable } from '../modules/payments/payments.table.ts';
import type { ProductCommentsTable } from '../modules/comments/comments.table.ts';
import type { ProductsTable, ProductSkusTable, CatalogueVersionTable } from '../modules/catalogue/catalogue.table.ts';
import type { StockNoticesTable } from '../modules/catalogue/stock-notice.table.ts';
import type { PushSubscriptionsTable, PushVapidKeysTable } from '../modules/web-push/web-push.table.ts';
import type { EsimUsageAlertsTable, EsimUsageChecksTable } from '../modules/usage-alerts/usage-alerts.table.ts';
import type { ApiKeysTable } from '../modules/api-keys/api-keys.table.ts';
import type { ApiSpendLimitsTable } from '../modules/api-spend/api-spend.table.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../modules/webhooks/webhooks.table.ts';
import type { ApiBulkItemsTable, ApiBulkJobsTable, ApiIdempotencyTable } from '../modules/reseller-api/reseller-api.table.ts';
import type { ReportCouponDaysTable, ReportEsimQuartersTable, ReportEsimsTable, ReportMerchantDaysTable, ReportProductDaysTable, ReportRefundMerchantDaysTable, ReportRefundQuartersTable, ReportRefundReasonDaysTable, ReportRefundResellerDaysTable, ReportResellerDaysTable, ReportSalesQuartersTable, ReportSkuDaysTable } from '../modules/reports/reports.table.ts';
import type { RateLimitsTable, StaffLoginThrottleTable, SecurityEventsTable } from '../modules/security/security.table.ts';
import type { SandboxMirrorTable } from '../modules/sandbox/sandbox.table.ts';
import type { ResellerEsimClassesTable, EsimBatchesTable, EsimBatchItemsTable } from '../modules/reseller-esim/reseller-esim.table.ts';
import type { SessionsTable } from '../modules/sessions/sessions.table.ts';
import type { SettlementsTable, SettlementLinesTable } from '../modules/settlement/settlement.table.ts';
import type { ShopSettingsTable } from '../modules/shop-settings/shop-settings.table.ts';
import type { SmsBudgetTable } from '../modules/sms/sms.table.ts';
import type { StaffTable, StaffSessionsTable, StaffDevicesTable } from '../modules/staff/staff.table.ts';
import type { StoresTable } from '../modules/stores/stores.table.ts';
import type { SupsimsTable } from '../modules/supsim/supsim.table.ts';
import type { McpSettingsTable, ToolSettingsTable } from '../modules/tools/tools.table.ts';
import type { McpBuyLimitsTable, McpStaffToolCallsTable, McpToolCallsTable, OauthRecordsTable } from '../modules/oauth/oauth.table.ts';
import type { McpPurchasePreviewsTable } from '../modules/mcp/mcp.table.ts';
import type { UsersTable, VerificationCodesTable, PowChallengesTable } from '../modules/accounts/accounts.table.ts';
import type { WechatAccountsTable, WechatTokensTable, WechatSignInsTable } from '../modules/wechat/wechat.table.ts';

/**
 * The database as Kysely sees it. Each module declares its own tables next to its repository
 * (`<module>.table.ts`); this composes them, and `db/` takes nothing else from the modules.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  json_contents: JsonContentsTable;
  files: FilesTable;
  // the media library (0055)
  media: MediaTable;
  media_sizes: MediaSizesTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  sms_budget: SmsBudgetTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  outbox: OutboxTable;
  products: ProductsTable;
  product_skus: ProductSkusTable;
  stock_notices: StockNoticesTable;
  product_comments: ProductCommentsTable;
  cart_items: CartItemsTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  // an EU consumer's consent and withdrawal (0042)
  order_consumer_terms: OrderConsumerTermsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  balances: BalancesTable;
  balance_ledger: BalanceLedgerTable;
  esims: EsimsTable;
  esim_install_logs: EsimInstallLogsTable;
  esim_addons: EsimAddonsTable;
  esim_usage_alerts: EsimUsageAlertsTable;
  esim_usage_checks: EsimUsageChecksTable;
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
  smdp_notifications: SmdpNotificationsTable;
  devices: DevicesTable;
  recharges: RechargesTable;
  supsims: SupsimsTable;
  // ecode (0008)
  ecodes: EcodesTable;
  // reseller-esim (0009)
  reseller_esim_classes: ResellerEsimClassesTable;
  esim_batches: EsimBatchesTable;
  esim_batch_items: EsimBatchItemsTable;
  balance_topups: BalanceTopupsTable;
  // messages (0010, renamed in 0019)
  customer_messages: CustomerMessagesTable;
  // articles (0011)
  articles: ArticlesTable;
  // staff and audit (0012)
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_devices: StaffDevicesTable;
  staff_login_throttle: StaffLoginThrottleTable;
  security_events: SecurityEventsTable;
  // the reseller API (0050)
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  api_spend_limits: ApiSpendLimitsTable;
  api_idempotency: ApiIdempotencyTable;
  api_bulk_jobs: ApiBulkJobsTable;
  api_bulk_items: ApiBulkItemsTable;
  sandbox_mirror: SandboxMirrorTable;
  audit_log: AuditLogTable;
  // admin orders (0013)
  order_notes: OrderNotesTable;
  // admin catalogue (0014)
  // admin customers (0015): no new tables; product_comments.hidden and replied_at, balances.lock_reason
  // admin content (0016)
  content_drafts: ContentDraftsTable;
  content_revisions: ContentRevisionsTable;
  // coupons (0017)
  coupons: CouponsTable;
  coupon_codes: CouponCodesTable;
  coupon_claims: CouponClaimsTable;
  coupon_uses: CouponUsesTable;
  // labels and reviews (0018)
  labels: LabelsTable;
  product_labels: ProductLabelsTable;
  catalogue_version: CatalogueVersionTable;
  // conversations (0019)
  conversations: ConversationsTable;
  // saved replies for the console's messages (0058)
  saved_replies: SavedRepliesTable;
  // staff members' saved views of console lists (0061)
  saved_filter: SavedFilterTable;
  shop_settings: ShopSettingsTable;
  // job leases (0020)
  job_side_effects: JobSideEffectsTable;
  scheduler_lease: SchedulerLeaseTable;
  // stored files (0021)
  file_contents: FileContentsTable;
  // payment supersede (0022): payments.session_closed_at and auto_refund_*; image_codes dropped for
  pow_challenges: PowChallengesTable;
  // storefront (0023)
  // blog and stores (0024); orders.pickup_store_id
  blog_posts: BlogPostsTable;
  stores: StoresTable;
  // tools and WeChat (0025)
  tool_settings: ToolSettingsTable;
  mcp_settings: McpSettingsTable;
  oauth_records: OauthRecordsTable;
  mcp_tool_calls: McpToolCallsTable;
  mcp_staff_tool_calls: McpStaffToolCallsTable;
  // assistants' purchases (0057)
  mcp_buy_limits: McpBuyLimitsTable;
  mcp_purchase_previews: McpPurchasePreviewsTable;
  wechat_accounts: WechatAccountsTable;
  wechat_tokens: WechatTokensTable;
  // WeChat sign-ins: OAuth states and link tokens, stored hashed (0032)
  wechat_sign_ins: WechatSignInsTable;
  // merchants (0028); products/orders/stores/staff/coupons.merchant_id
  merchants: MerchantsTable;
  // checkouts and settlements (0029); orders/payments.checkout_id
  checkouts: CheckoutsTable;
  settlements: SettlementsTable;
  settlement_lines: SettlementLinesTable;
  // applications to become a reseller (0037)
  reseller_applications: ResellerApplicationsTable;
  // alerts to staff when background work fails (0047)
  staff_alert_settings: StaffAlertSettingsTable;
  ops_alert_throttle: OpsAlertThrottleTable;
  ops_alerts: OpsAlertsTable;
  // the reports' summaries, kept by triggers (0064)
  report_sales_quarters: ReportSalesQuartersTable;
  report_merchant_days: ReportMerchantDaysTable;
  report_reseller_days: ReportResellerDaysTable;
  report_coupon_days: ReportCouponDaysTable;
  report_product_days: ReportProductDaysTable;
  report_sku_days: ReportSkuDaysTable;
  report_esim_quarters: ReportEsimQuartersTable;
  report_esims: ReportEsimsTable;
  report_refund_quarters: ReportRefundQuartersTable;
  report_refund_merchant_days: ReportRefundMerchantDaysTable;
  report_refund_reseller_days: ReportRefundResellerDaysTable;
  report_refund_reason_days: ReportRefundReasonDaysTable;
}
