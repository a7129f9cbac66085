import type { RegisteredHandler } from './http/handlers.ts';
import { contentHandlers } from './modules/content/content.routes.ts';
import { accountHandlers } from './modules/accounts/account.routes.ts';
import { addressHandlers } from './modules/addresses/address.routes.ts';
import { cartHandlers } from './modules/cart/cart.routes.ts';
import { catalogueHandlers } from './modules/catalogue/catalogue.routes.ts';
import { backInStockHandlers } from './modules/back-in-stock/back-in-stock.routes.ts';
import { esimHandlers } from './modules/esim/esim.routes.ts';
import { deviceHandlers } from './modules/devices/device.routes.ts';
import { supsimHandlers } from './modules/supsim/supsim.routes.ts';
import { billingHandlers } from './modules/billing/billing.routes.ts';
import { orderHandlers } from './modules/orders/order.routes.ts';
import { paymentHandlers } from './modules/payments/payment.routes.ts';
import { ecodeHandlers } from './modules/ecode/ecode.routes.ts';
import { resellerEsimHandlers } from './modules/reseller-esim/reseller-esim.routes.ts';
import { balanceHandlers } from './modules/balance/balance.routes.ts';
import { apiKeyHandlers } from './modules/api-keys/api-keys.routes.ts';
import { assistantHandlers } from './modules/oauth/assistants.routes.ts';
import { webhookHandlers } from './modules/webhooks/webhooks.routes.ts';
import { messageHandlers } from './modules/messages/message.routes.ts';
import { notificationHandlers } from './modules/notifications/notification.routes.ts';
import { webPushHandlers } from './modules/web-push/web-push.routes.ts';
import { shopSettingsHandlers } from './modules/shop-settings/shop-settings.routes.ts';
import { articleHandlers } from './modules/articles/article.routes.ts';
import { staffHandlers } from './modules/staff/staff.routes.ts';
import { catalogueAdminHandlers } from './modules/catalogue/catalogue-admin.routes.ts';
import { inventoryHandlers } from './modules/reseller-esim/inventory.routes.ts';
import { adminContentHandlers } from './modules/content/content-admin.routes.ts';
import { adminPaymentHandlers } from './modules/payments/payment-admin.routes.ts';
import { orderAdminHandlers } from './modules/order-page/order-page.routes.ts';
import { orderBulkHandlers } from './modules/order-page/order-bulk.routes.ts';
import { productBulkHandlers } from './modules/catalogue/catalogue-bulk.routes.ts';
import { dashboardHandlers } from './modules/dashboard/dashboard.routes.ts';
import { customerAdminHandlers } from './modules/accounts/account-admin.routes.ts';
import { customerPageHandlers } from './modules/customer-page/customer-page.routes.ts';
import { myDataHandlers } from './modules/my-data/my-data.routes.ts';
import { commentHandlers } from './modules/comments/comment.routes.ts';
import { couponHandlers } from './modules/coupons/coupon.routes.ts';
import { couponAdminHandlers } from './modules/coupons/coupon-admin.routes.ts';
import { labelHandlers } from './modules/labels/labels.routes.ts';
import { savedFilterHandlers } from './modules/saved-filters/saved-filters.routes.ts';
import { toolsHandlers } from './modules/tools/tools.routes.ts';
import { wechatHandlers } from './modules/wechat/wechat.routes.ts';
import { blogHandlers } from './modules/blog/blog.routes.ts';
import { blogAdminHandlers } from './modules/blog/blog-admin.routes.ts';
import { storeHandlers } from './modules/stores/store.routes.ts';
import { storeAdminHandlers } from './modules/stores/store-admin.routes.ts';
import { merchantHandlers } from './modules/merchants/merchant.routes.ts';
import { merchantPageHandlers } from './modules/merchant-page/merchant-page.routes.ts';
import { merchantStatusHandlers } from './modules/staff/merchant-status.routes.ts';
import { settlementAdminHandlers } from './modules/settlement/settlement.routes.ts';
import { reportsHandlers } from './modules/reports/reports.routes.ts';
import { mediaHandlers } from './modules/media/media.routes.ts';
import { resellerApplicationHandlers } from './modules/reseller-applications/reseller-application.routes.ts';
import { opsAlertHandlers } from './modules/ops-alerts/ops-alerts.routes.ts';
import { historyHandlers } from './modules/history/history.routes.ts';

/** Every action handler, by domain. Each contract action must have exactly one (checked by a test). */
export const allHandlers: RegisteredHandler[] = [
  ...contentHandlers,
  ...accountHandlers,
  ...catalogueHandlers,
  ...backInStockHandlers,
  ...cartHandlers,
  ...addressHandlers,
  ...orderHandlers,
  ...couponHandlers,
  ...paymentHandlers,
  ...esimHandlers,
  ...deviceHandlers,
  ...supsimHandlers,
  ...billingHandlers,
  ...ecodeHandlers,
  ...resellerEsimHandlers,
  ...balanceHandlers,
  ...apiKeyHandlers,
  ...assistantHandlers,
  ...webhookHandlers,
  ...messageHandlers,
  ...notificationHandlers,
  ...webPushHandlers,
  ...shopSettingsHandlers,
  ...articleHandlers,
  ...blogHandlers,
  ...storeHandlers,
  // The operator console
  ...staffHandlers,
  ...catalogueAdminHandlers,
  ...inventoryHandlers,
  ...adminContentHandlers,
  ...adminPaymentHandlers,
  ...orderAdminHandlers,
  ...orderBulkHandlers,
  ...productBulkHandlers,
  ...dashboardHandlers,
  ...customerAdminHandlers,
  ...customerPageHandlers,
  ...myDataHandlers,
  ...commentHandlers,
  ...couponAdminHandlers,
  ...labelHandlers,
  ...savedFilterHandlers,
  ...blogAdminHandlers,
  ...storeAdminHandlers,
  ...toolsHandlers,
  ...wechatHandlers,
  ...merchantHandlers,
  ...merchantPageHandlers,
  ...merchantStatusHandlers,
  ...settlementAdminHandlers,
  ...reportsHandlers,
  ...mediaHandlers,
  ...resellerApplicationHandlers,
  ...opsAlertHandlers,
  ...historyHandlers,
];
