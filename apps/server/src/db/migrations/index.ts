import type { Migration } from 'kysely';
import * as foundation from './2026-11-22-0001-foundation.ts';
import * as accounts from './2026-11-22-0002-accounts.ts';
import * as shop from './2026-11-22-0003-shop.ts';
import * as esim from './2026-11-22-0004-esim.ts';
import * as smdp from './2026-11-22-0005-smdp.ts';
import * as devices from './2026-11-22-0006-devices.ts';
import * as supsim from './2026-11-22-0007-supsim.ts';
import * as ecode from './2026-11-23-0008-ecode.ts';
import * as resellerEsim from './2026-11-23-0009-reseller-esim.ts';
import * as messages from './2026-11-23-0010-messages.ts';
import * as articles from './2026-11-23-0011-articles.ts';
import * as staffAudit from './2026-11-23-0012-staff-audit.ts';
import * as adminOrders from './2026-11-23-0013-admin-orders.ts';
import * as adminCatalogue from './2026-11-23-0014-admin-catalogue.ts';
import * as adminCustomers from './2026-11-23-0015-admin-customers.ts';
import * as adminContent from './2026-11-23-0016-admin-content.ts';
import * as coupons from './2026-11-23-0017-coupons.ts';
import * as labelsReviews from './2026-11-23-0018-labels-reviews.ts';
import * as conversations from './2026-11-23-0019-conversations.ts';
import * as jobLeases from './2026-11-23-0020-job-leases.ts';
import * as storedFiles from './2026-11-23-0021-stored-files.ts';
import * as paymentSupersede from './2026-11-23-0022-payment-supersede.ts';
import * as storefront from './2026-11-23-0023-storefront.ts';
import * as blogStores from './2026-11-23-0024-blog-stores.ts';
import * as toolsWechat from './2026-11-23-0025-tools-wechat.ts';
import * as speed from './2026-11-23-0026-speed.ts';
import * as finish from './2026-11-23-0027-finish.ts';
import * as merchants from './2026-11-24-0028-merchants.ts';
import * as checkouts from './2026-11-24-0029-checkouts.ts';
import * as esimUsage from './2026-11-24-0030-esim-usage.ts';
import * as soldEsimPlan from './2026-11-24-0031-sold-esim-plan.ts';
import * as wechatLinks from './2026-12-01-0032-wechat-links.ts';
import * as staffSecurity from './2026-12-01-0033-staff-security.ts';
import * as merchantSuspension from './2026-12-01-0034-merchant-suspension.ts';
import * as smsBudget from './2026-12-01-0035-sms-budget.ts';
import * as notifications from './2026-12-02-0036-notifications.ts';
import * as resellerApplications from './2026-12-02-0037-reseller-applications.ts';
import * as stockNotices from './2026-12-02-0038-stock-notices.ts';
import * as deletedAccounts from './2026-12-02-0039-deleted-accounts.ts';
import * as esimAddons from './2026-12-02-0040-esim-addons.ts';
import * as usageAlerts from './2026-12-02-0041-usage-alerts.ts';
import * as withdrawal from './2026-12-02-0042-withdrawal.ts';
import * as skuPrices from './2026-12-02-0043-sku-prices.ts';
import * as usageChecks from './2026-12-02-0044-usage-checks.ts';
import * as schedulerLease from './2026-12-02-0045-scheduler-lease.ts';
import * as jobTraceContext from './2026-12-02-0046-job-trace-context.ts';
import * as opsAlerts from './2026-12-02-0047-ops-alerts.ts';
import * as retentionIndexes from './2026-12-03-0048-retention-indexes.ts';
import * as refundIndex from './2026-12-03-0049-refund-index.ts';
import * as apiKeys from './2026-12-03-0050-api-keys.ts';
import * as mcpSettings from './2026-12-03-0052-mcp-settings.ts';
import * as mediaLibrary from './2026-12-03-0055-media-library.ts';
import * as savedReplies from './2026-12-03-0058-saved-replies.ts';
import * as webhooks from './2026-12-03-0053-webhooks.ts';
import * as reportIndexes from './2026-12-03-0051-report-indexes.ts';
import * as oauthConsent from './2026-12-03-0054-oauth-consent.ts';
import * as assistantPurchases from './2026-12-03-0057-assistant-purchases.ts';
import * as bulkOrders from './2026-12-03-0059-bulk-orders.ts';
import * as apiSpendLimits from './2026-12-03-0060-api-spend-limits.ts';
import * as savedFilters from './2026-12-03-0061-saved-filters.ts';
import * as bulkTopups from './2026-12-03-0062-bulk-topups.ts';
import * as staffAssistants from './2026-12-03-0063-staff-assistants.ts';
import * as reportSummaries from './2026-12-03-0064-report-summaries.ts';
import * as storePictures from './2026-12-03-0070-store-pictures.ts';
import * as sandboxMirror from './2026-12-03-0071-sandbox-mirror.ts';

/**
 * The migration files in order. Listed explicitly rather than read from disk so the set is
 * the same under tsx, vitest and any bundler; names sort by date.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-accounts': accounts,
  '2026-11-22-0003-shop': shop,
  '2026-11-22-0004-esim': esim,
  '2026-11-22-0005-smdp': smdp,
  '2026-11-22-0006-devices': devices,
  '2026-11-22-0007-supsim': supsim,
  '2026-11-23-0008-ecode': ecode,
  '2026-11-23-0009-reseller-esim': resellerEsim,
  '2026-11-23-0010-messages': messages,
  '2026-11-23-0011-articles': articles,
  '2026-11-23-0012-staff-audit': staffAudit,
  '2026-11-23-0013-admin-orders': adminOrders,
  '2026-11-23-0014-admin-catalogue': adminCatalogue,
  '2026-11-23-0015-admin-customers': adminCustomers,
  '2026-11-23-0016-admin-content': adminContent,
  '2026-11-23-0017-coupons': coupons,
  '2026-11-23-0018-labels-reviews': labelsReviews,
  '2026-11-23-0019-conversations': conversations,
  '2026-11-23-0020-job-leases': jobLeases,
  '2026-11-23-0021-stored-files': storedFiles,
  '2026-11-23-0022-payment-supersede': paymentSupersede,
  '2026-11-23-0023-storefront': storefront,
  '2026-11-23-0024-blog-stores': blogStores,
  '2026-11-23-0025-tools-wechat': toolsWechat,
  '2026-11-23-0026-speed': speed,
  '2026-11-23-0027-finish': finish,
  '2026-11-24-0028-merchants': merchants,
  '2026-11-24-0029-checkouts': checkouts,
  '2026-11-24-0030-esim-usage': esimUsage,
  '2026-11-24-0031-sold-esim-plan': soldEsimPlan,
  '2026-12-01-0032-wechat-links': wechatLinks,
  '2026-12-01-0033-staff-security': staffSecurity,
  '2026-12-01-0034-merchant-suspension': merchantSuspension,
  '2026-12-01-0035-sms-budget': smsBudget,
  '2026-12-02-0036-notifications': notifications,
  '2026-12-02-0037-reseller-applications': resellerApplications,
  '2026-12-02-0038-stock-notices': stockNotices,
  '2026-12-02-0039-deleted-accounts': deletedAccounts,
  '2026-12-02-0040-esim-addons': esimAddons,
  '2026-12-02-0041-usage-alerts': usageAlerts,
  '2026-12-02-0042-withdrawal': withdrawal,
  '2026-12-02-0043-sku-prices': skuPrices,
  '2026-12-02-0044-usage-checks': usageChecks,
  '2026-12-02-0045-scheduler-lease': schedulerLease,
  '2026-12-02-0046-job-trace-context': jobTraceContext,
  '2026-12-02-0047-ops-alerts': opsAlerts,
  '2026-12-03-0048-retention-indexes': retentionIndexes,
  '2026-12-03-0049-refund-index': refundIndex,
  '2026-12-03-0050-api-keys': apiKeys,
  '2026-12-03-0052-mcp-settings': mcpSettings,
  '2026-12-03-0051-report-indexes': reportIndexes,
  '2026-12-03-0053-webhooks': webhooks,
  '2026-12-03-0054-oauth-consent': oauthConsent,
  '2026-12-03-0055-media-library': mediaLibrary,
  '2026-12-03-0057-assistant-purchases': assistantPurchases,
  '2026-12-03-0058-saved-replies': savedReplies,
  '2026-12-03-0059-bulk-orders': bulkOrders,
  '2026-12-03-0060-api-spend-limits': apiSpendLimits,
  '2026-12-03-0061-saved-filters': savedFilters,
  '2026-12-03-0062-bulk-topups': bulkTopups,
  '2026-12-03-0063-staff-assistants': staffAssistants,
  '2026-12-03-0064-report-summaries': reportSummaries,
  '2026-12-03-0070-store-pictures': storePictures,
  '2026-12-03-0071-sandbox-mirror': sandboxMirror,
};
