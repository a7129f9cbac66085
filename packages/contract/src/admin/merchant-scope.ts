import type { AdminActionName, AdminEndpointName } from './index.ts';

/**
 * Which merchant's data each admin action touches, in one table the dispatcher
 * enforces for staff of a merchant (staff.merchant_id set); platform staff pass every check.
 *
 * - `platform`: platform-wide data (staff, shop settings, content, customers and balances,
 *   payments, jobs, merchants...). Merchant staff get the permission error.
 * - `shared`: the staff member's own account (sign-in, password, TOTP) or global reference data
 *   read by everyone (labels). Nothing of another merchant is reachable through it.
 * - `list`: a read over many objects; the handler filters by the caller's merchant (the
 *   isolation test reads it as another merchant and finds none of the first one's objects).
 * - `create`: a write that makes a new object; the handler assigns the caller's merchant.
 * - `each`: a bulk action naming many objects; the handler checks each one's merchant and
 *   reports another merchant's as that resource's not-found error, for that object only.
 * - `{ object, field }`: acts on one object named by `field` of the request. The dispatcher looks
 *   up its merchant before anything else and answers that resource's not-found error when it is
 *   another merchant's, exactly as for an object that does not exist (no existence leak).
 *
 * The type lists every admin action, so a new action without a scope does not compile, and a
 * unit test checks the table against `adminApi` at run time too.
 */
export const MERCHANT_RESOURCES = ['product', 'sku', 'order', 'store', 'coupon', 'comment'] as const;
export type MerchantResource = (typeof MERCHANT_RESOURCES)[number];
export type MerchantScope = 'platform' | 'shared' | 'list' | 'create' | 'each' | { readonly object: MerchantResource; readonly field: string };

type ScopeTable = { readonly [E in AdminEndpointName]: { readonly [A in AdminActionName<E>]: MerchantScope } };

const product = { object: 'product', field: 'id' } as const;
const order = { object: 'order', field: 'orderNo' } as const;
const sku = { object: 'sku', field: 'skuId' } as const;
const store = { object: 'store', field: 'id' } as const;
const coupon = { object: 'coupon', field: 'id' } as const;
const comment = { object: 'comment', field: 'id' } as const;

export const ADMIN_MERCHANT_SCOPES: ScopeTable = {
  adminAuth: { login: 'shared', me: 'shared', logout: 'shared', change_password: 'shared', totp_setup: 'shared', totp_confirm: 'shared', totp_disable: 'shared', assistants: 'shared', revoke_assistant: 'shared' },
  adminStaff: { list: 'platform', create: 'platform', update: 'platform', reset_password: 'platform', reset_totp: 'platform' },
  adminAudit: { list: 'platform', security_events: 'platform' },
  adminDashboard: { summary: 'platform' },
  adminOrder: {
    list: 'list',
    export: 'list',
    detail: order,
    esims: order,
    ship: order,
    deliver: order,
    service_step: order,
    refund_approve: order,
    refund_reject: order,
    modify_address: order,
    add_note: order,
    pickup_ready: order,
    pickup_done: order,
  },
  // Imports address products by key across the whole catalogue: platform staff only.
  adminProduct: { list: 'list', get: product, create: 'create', update: product, set_on_sale: product, import_products: 'platform', import_stock: 'platform' },
  adminLabel: { list: 'shared', create: 'platform', update: 'platform', delete: 'platform' },
  // Reseller generate classes sell from the platform's reseller balances: platform staff only.
  adminInventory: { pools: 'list', import_pool: sku, classes: 'platform', open_class: 'platform', close_class: 'platform' },
  adminCustomer: {
    list: 'platform',
    detail: 'platform',
    orders: 'platform',
    esims: 'platform',
    devices: 'platform',
    ledger: 'platform',
    audit: 'platform',
    update: 'platform',
    credit: 'platform',
    lock: 'platform',
  },
  // Reviews of its own products. A customer's chat is one thread with the platform about all
  // their orders (it would show other merchants' business), so it stays with platform staff.
  adminMessage: {
    conversations: 'platform',
    thread: 'platform',
    reply: 'platform',
    context: 'platform',
    saved_replies: 'platform',
    saved_reply_create: 'platform',
    saved_reply_update: 'platform',
    saved_reply_delete: 'platform',
    comments: 'list', comment_products: 'list', comment_hide: comment, comment_reply: comment },
  adminContent: {
    home_get: 'platform',
    home_save: 'platform',
    home_publish: 'platform',
    home_discard: 'platform',
    home_restore: 'platform',
    home_revisions: 'platform',
    home_preview: 'platform',
    product_choices: 'platform',
    article_list: 'platform',
    article_get: 'platform',
    article_create: 'platform',
    article_update: 'platform',
  },
  adminBlog: { list: 'platform', detail: 'platform', create: 'platform', update: 'platform', publish: 'platform' },
  adminStore: { list: 'list', detail: store, create: 'create', update: store, set_active: store },
  adminPayment: {
    payment_list: 'platform',
    refund_list: 'platform',
    job_list: 'platform',
    job_counts: 'platform',
    job_retry: 'platform',
    fulfil_status: order,
    fulfil_now: order,
    fulfil_refund: order,
  },
  adminCoupon: { list: 'list', detail: coupon, create: 'create', update: coupon, pause: coupon, uses: coupon, generate_codes: coupon, export_codes: coupon },
  adminSettings: { contact: 'platform', save_contact: 'platform', refunds: 'platform', save_refunds: 'platform' },
  adminTools: { list: 'platform', save: 'platform' },
  adminMcp: { get: 'platform', save: 'platform' },
  adminMerchant: { list: 'platform', detail: 'platform', choices: 'platform', create: 'platform', update: 'platform', approve: 'platform', suspend: 'platform', reactivate: 'platform', set_commission: 'platform' },
  // Settlement: a merchant reads and exports its own figures (the handler filters); only the platform settles.
  adminSettlement: { list: 'list', export: 'list', settle: 'platform' },
  adminResellerApplication: { list: 'platform', detail: 'platform', approve: 'platform', reject: 'platform' },
  // Alerts about the whole shop's jobs and orders: platform staff only.
  adminOpsAlerts: { settings: 'platform', save_settings: 'platform' },
  adminReports: { sales: 'platform', products: 'platform', destinations: 'platform', coupons: 'platform', resellers: 'platform', merchants: 'platform', refunds: 'platform', esim_installs: 'platform', stock_forecast: 'platform', export: 'platform' },
  adminMedia: { list: 'platform', uses: 'platform', update: 'platform', delete: 'platform' },
  adminOrderBulk: { ship_preview: 'each', ship: 'each', packing_slips: 'each', export: 'each' },
  adminProductBulk: { set_on_sale: 'each', change_price: 'each', label: 'each' },
  // A member's own views: nothing of another merchant is in them (the lists filter as ever).
  adminSavedFilter: { list: 'shared', create: 'shared', rename: 'shared', delete: 'shared' },
};

/** The scope of one action, or undefined for an action the table does not know (the dispatcher then refuses merchant staff). */
export function merchantScopeOf(endpoint: string, action: string): MerchantScope | undefined {
  return (ADMIN_MERCHANT_SCOPES as unknown as Record<string, Record<string, MerchantScope> | undefined>)[endpoint]?.[action];
}
