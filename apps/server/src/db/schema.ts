import type { Currency, StaffRole } from '@simshop/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Times are epoch milliseconds (bigint on PostgreSQL, read back as numbers);
 * booleans are 0/1 integers so the same queries serve SQLite and PostgreSQL.
 */
type Millis = ColumnType<number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  role: number;
  user_type: number;
  nickname: string;
  name: string;
  avatar: string | null;
  tel: string | null;
  email: string | null;
  password_hash: string | null;
  status: string;
  can_create_reseller: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  mode: Generated<SessionMode>;
}

export type SessionMode = 'regular' | 'reseller';

/** A proof-of-work challenge before a code is sent (replaced the image code). */
export interface PowChallengesTable {
  id: string;
  purpose: string;
  nonce: string;
  difficulty: number;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  target: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Millis;
  consumed_at: Millis | null;
  created_at: Millis;
}

export interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

/** 0035: SMS counted against the shop's daily budget, per UTC day (`YYYY-MM-DD`). */
export interface SmsBudgetTable {
  day: string;
  sent: number;
}

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  run_after: Millis;
  locked_until: Millis | null;
  done_at: Millis | null;
  failed_at: Millis | null;
  last_error: string | null;
  created_at: Millis;
  /** Who holds the lease now (0020): only that worker may finish the job. */
  lease_token: string | null;
  /** What the job works on, e.g. `order:12` (0020). */
  ref: string | null;
  /** When the owner was alerted that this job keeps failing (0020). */
  alerted_at: Millis | null;
}

/** An external send a job did, keyed `<job id>:<step>` (0020). */
export interface JobSideEffectsTable {
  key: string;
  job_id: number;
  created_at: Millis;
}

export interface JsonContentsTable {
  name: string;
  version: string;
  lang: string;
  content: string;
  updated_at: Millis;
}

export interface FilesTable {
  id: string;
  owner_user_id: number | null;
  /** The storage key (`<folder>/<id>`; before 0021 also the path under DATA_DIR/files); never a path the caller supplied. */
  path: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Millis;
}

/** The bytes of a stored file (0021), for the database file store. */
export interface FileContentsTable {
  file_id: string;
  bytes: Buffer;
}

export interface ProductsTable {
  id: Generated<number>;
  /** Stable key (e.g. `asia-esim`): links and imports address a product by it, not by id. */
  key: string;
  /** Raised by every edit: a save based on an older version is refused. */
  version: Generated<number>;
  kind: string;
  name_en: string;
  name_zh: string;
  subtitle_en: string;
  subtitle_zh: string;
  description_en: string;
  description_zh: string;
  agreement_en: string;
  agreement_zh: string;
  images: string;
  currency: Currency;
  wholesale_min_qty: number | null;
  qty_min: number;
  qty_max: number;
  freight: number;
  /** JSON: [{ en, zh, values: [{ en, zh }] }] */
  specs: string;
  /** JSON: ItemInput[] */
  required_inputs: string;
  /** Before 0018: JSON [{ en, zh }]; since then always '[]', labels live in product_labels. */
  labels: string;
  sold_out: number;
  on_sale: number;
  sort: number;
  /** eSIM products: 'pool' (pre-loaded activation codes) or 'smdp' (issued on demand through ES2+) */
  esim_source: Generated<string>;
  profile_type: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0023: destinations as `,JP,KR,` ('' for none), so a covers-country filter is one LIKE. */
  coverage: ColumnType<string, string | undefined, string>;
  /** 0023: JSON contract `TravelPlan`, null for products that are not travel plans. */
  travel: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0028: the merchant that sells it (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
}

export interface ProductSkusTable {
  id: Generated<number>;
  product_id: number;
  code: string;
  /** JSON: index into each spec group's values */
  options: string;
  price: number;
  wholesale_price: number | null;
  stock: number | null;
  sold_out: number;
  sort: number;
  /** Recharge SKUs: the data they add, in MB. */
  recharge_mb: number | null;
  /** 0030, travel plans: the data allowance in MB (null with `validity_days` set: unlimited). */
  data_mb: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0030, travel plans: how many days the plan runs once started; null: not a plan. */
  validity_days: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductCommentsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  nickname: string;
  avatar: string | null;
  content: string;
  images: string;
  reply: string | null;
  created_at: Millis;
  // admin customers (0015): hidden from the shop's goods page; when the shop last answered.
  hidden: Generated<number>;
  replied_at: Millis | null;
  // labels and reviews (0018): a review's stars, the order item it reviews (unique), its pictures (JSON file ids).
  rating: number | null;
  order_item_id: number | null;
  pictures: Generated<string>;
}

// labels and reviews (0018)
export interface LabelsTable {
  id: Generated<number>;
  text_en: string;
  text_zh: string;
  /** `#rrggbb`, white text readable on it. */
  color: string;
  sort: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface ProductLabelsTable {
  product_id: number;
  label_id: number;
}

/** 0026: one row (id 1) whose version triggers raise with every catalogue write; per-process caches check it. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  sku_id: number;
  quantity: number;
  selected: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  company: string;
  tel: string;
  email: string;
  country: string;
  province: string;
  city: string;
  district: string;
  post_code: string;
  detail: string;
  is_default: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: string;
  reseller: number;
  currency: Currency;
  subtotal: number;
  freight: number;
  service_fee: number;
  discount: number;
  total: number;
  remark: string;
  /** JSON copy of the delivery address */
  address: string | null;
  address_modifiable: number;
  physical: number;
  pay_method: string | null;
  payment_trans_id: string | null;
  paid_at: Millis | null;
  refund_id: string | null;
  refund_reason: string | null;
  refund_note: string | null;
  refund_amount: number | null;
  carrier: string | null;
  tracking_no: string | null;
  shipped_at: Millis | null;
  received_at: Millis | null;
  expires_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0024: the store the customer collects the order at; null when delivered (or nothing to deliver). */
  pickup_store_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0028: the merchant that the order is with (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
  /** 0029: the checkout the order was made in (one per merchant of a cart); null for top-ups and older orders. */
  checkout_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  sku_id: number;
  kind: string;
  name_en: string;
  name_zh: string;
  /** JSON: [{ en, zh }] the chosen spec values */
  options: string;
  images: string;
  unit_price: number;
  quantity: number;
  amount: number;
  inputs: string;
  required_inputs: string;
  stock_reserved: number;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  reason: string;
  created_at: Millis;
}

export interface PaymentsTable {
  id: string;
  order_id: number;
  method: string;
  amount: number;
  currency: Currency;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  provider_ref: string | null;
  created_at: Millis;
  updated_at: Millis;
  /** payment supersede (0022): the provider's hosted session confirmed closed. */
  session_closed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Money given back without staff (late money for a superseded payment, an order no longer payable). */
  auto_refund_amount: ColumnType<number | null, number | null | undefined, number | null>;
  auto_refund_reason: ColumnType<'superseded' | 'order_not_payable' | null, 'superseded' | 'order_not_payable' | null | undefined, 'superseded' | 'order_not_payable' | null>;
  auto_refund_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0029: the checkout this payment covers (every order of it); null: only `order_id`. */
  checkout_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  payment_id: string | null;
  outcome: string;
  created_at: Millis;
}

export interface BalancesTable {
  user_id: number;
  currency: Currency;
  amount: number;
  locked: number;
  updated_at: Millis;
  // admin customers (0015): why staff locked it (null when unlocked).
  lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BalanceLedgerTable {
  id: Generated<number>;
  user_id: number;
  currency: Currency;
  amount: number;
  balance_after: number;
  reason: string;
  order_id: number | null;
  created_at: Millis;
}

export interface EsimsTable {
  id: Generated<number>;
  sku_id: number | null;
  user_id: number | null;
  order_id: number | null;
  order_item_id: number | null;
  class: number;
  activation_code: string;
  dp_address: string;
  iccid: string | null;
  eid: string | null;
  remark: Generated<string>;
  scan_times: Generated<number>;
  record_status: string;
  activation_status: Generated<number>;
  assigned_at: Millis | null;
  unit_index: number | null;
  added: Generated<number>;
  added_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /**
   * 0031: the plan bought, copied from the SKU and its product by a trigger when the eSIM gets its
   * owner, so later edits of the SKU leave it alone. Null: no plan facts (see product_skus).
   */
  data_mb: ColumnType<number | null, never, never>;
  validity_days: ColumnType<number | null, never, never>;
  /** 0031: the product's `travel.validityStarts` then, as stored (checked when read). */
  validity_starts: ColumnType<string | null, never, never>;
}

export interface EsimInstallLogsTable {
  id: Generated<number>;
  esim_id: number;
  type: string;
  eid: string | null;
  created_at: Millis;
}

export interface SmdpNotificationsTable {
  key: string;
  iccid: string;
  point: number;
  created_at: Millis;
}

export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  iccid: string;
  msisdn: string | null;
  carrier: string;
  remark: string;
  created_at: Millis;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  order_item_id: number;
  unit_index: number;
  number: string;
  package_en: string;
  package_zh: string;
  volume_mb: number;
  status: 'pending' | 'succeeded' | 'failed';
  carrier_ref: string | null;
  created_at: Millis;
}

export interface SupsimsTable {
  id: Generated<number>;
  user_id: number;
  iccid: string;
  remark: string;
  created_at: Millis;
}

// --- ecode tables (migration 0008) ---
export interface EcodesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  order_id: number | null;
  order_item_id: number | null;
  unit_index: number | null;
  status: string;
  buyer_note: Generated<string>;
  imei: string | null;
  variant: string | null;
  esim_id: number | null;
  locked_until: Millis | null;
  sold_at: Millis | null;
  customized_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

// --- reseller-esim tables (migration 0009) ---

/** A pool SKU the shop opened to resellers' "generate" (Manage eSIM), with the class its profiles are. */
export interface ResellerEsimClassesTable {
  sku_id: number;
  class: number;
  enabled: number;
  sort: number;
  created_at: Millis;
}

/** One reseller generation: N profiles of a class paid from the balance. */
export interface EsimBatchesTable {
  id: Generated<number>;
  batch_no: string;
  user_id: number;
  sku_id: number;
  class: number;
  quantity: number;
  unit_price: number;
  amount: number;
  currency: Currency;
  created_at: Millis;
}

export interface EsimBatchItemsTable {
  esim_id: number;
  batch_id: number;
}

/** A top-up order item credited to a balance: its key makes the credit happen once. */
export interface BalanceTopupsTable {
  order_item_id: number;
  order_id: number;
  user_id: number;
  currency: Currency;
  amount: number;
  created_at: Millis;
}

// --- messages tables (migration 0010; renamed to customer_messages in 0019) ---

export interface CustomerMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: 'customer' | 'shop';
  content: string;
  created_at: Millis;
  read_at: Millis | null;
}

// --- conversations and shop settings (migration 0019) ---

export interface ConversationsTable {
  user_id: number;
  customer_seen_at: Millis | null;
  shop_seen_at: Millis | null;
  notified_through: Generated<number>;
  notified_at: Millis | null;
  notified_via: 'email' | 'sms' | null;
}

export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: Millis;
  updated_by: number | null;
}

// --- articles tables (migration 0011) ---

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title_en: string;
  title_zh: string;
  content_en: string;
  content_zh: string;
  sort: number;
  published: number;
  released_at: Millis;
  updated_at: Millis;
  /** admin content (0016): raised by every edit; a save based on an older version is refused. */
  version: Generated<number>;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** Active TOTP secret (base32); null when the second factor is off. */
  totp_secret: string | null;
  /** A secret being enrolled, active only once a first code confirms it. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: number | null;
  status: 'active' | 'disabled';
  last_sign_in_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant this staff member works for; null is platform staff (sees every merchant). */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0033: 1 while the member still has a one-time password, which they must change first. */
  must_change_password: ColumnType<number, number | undefined, number>;
}

/** 0033: a browser a staff member signed in from (hash of the device cookie's random id). */
export interface StaffDevicesTable {
  id: Generated<number>;
  staff_id: number;
  device_hash: string;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
}

/** 0033: wrong staff sign-ins per account from unknown devices; they set a growing delay. */
export interface StaffLoginThrottleTable {
  account: string;
  failures: number;
  last_failure_at: Millis;
  /** No attempt from an unknown device before this time (claimed by the attempt that goes ahead). */
  next_attempt_at: Millis;
}

/** 0033: sign-ins, refusals and bad signatures, apart from the audit log of changes. */
export interface SecurityEventsTable {
  id: Generated<number>;
  kind: string;
  staff_id: number | null;
  account: string | null;
  ip: string | null;
  detail: string | null;
  created_at: Millis;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  ip: string | null;
  created_at: Millis;
  last_seen_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: Millis;
}

/** An internal note staff leave on an order (never shown to the customer). */
export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number | null;
  /** The staff member's email, or `cli:<user>`. */
  author: string;
  body: string;
  created_at: Millis;
}

// --- admin content (0016) ---

/** The block staff are editing, per name, version and language (json_contents serves the published one). */
export interface ContentDraftsTable {
  name: string;
  version: string;
  lang: string;
  content: string;
  edition: number;
  updated_at: Millis;
  updated_by: string;
}

/** Every published revision of a block, numbered per block and language. */
export interface ContentRevisionsTable {
  id: Generated<number>;
  name: string;
  version: string;
  lang: string;
  revision: number;
  content: string;
  published_at: Millis;
  published_by: string;
}

// coupons (0017): JSON arrays in product_kinds/product_ids; a use counts while active_slot is set.
export interface CouponsTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  kind: string;
  value: number;
  max_discount: number | null;
  currency: Currency;
  min_spend: number;
  starts_at: Millis;
  ends_at: Millis | null;
  product_kinds: string;
  product_ids: string;
  audience: string;
  max_uses: number | null;
  uses: Generated<number>;
  per_customer: number;
  with_wholesale: number;
  distribution: string;
  code: string | null;
  paused: Generated<number>;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant whose own coupon this is; null is platform-wide. */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CouponCodesTable {
  id: Generated<number>;
  coupon_id: number;
  code: string;
  created_at: Millis;
}

export interface CouponClaimsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  claimed_at: Millis;
}

export interface CouponUsesTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  code_id: number | null;
  discount: number;
  active_slot: number | null;
  active_code_id: number | null;
  created_at: Millis;
  returned_at: Millis | null;
}

// --- blog and stores (migration 0024) ---

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title_en: string;
  title_zh: string;
  summary_en: string;
  summary_zh: string;
  /** The shop's safe markup (contract `parseArticleContent`), never HTML. */
  body_en: string;
  body_zh: string;
  /** A stored image entry (`products/<file id>`), or null. */
  cover: string | null;
  category: string;
  /** JSON: string[] */
  tags: string;
  /** JSON: product keys, in the order the post shows them. */
  product_keys: string;
  published: number;
  published_at: Millis | null;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

export interface StoresTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  address_en: string;
  address_zh: string;
  city_en: string;
  city_zh: string;
  phone: string;
  /** IANA time zone the opening hours are written in. */
  time_zone: string;
  /** JSON: contract `WeeklyHours` (seven days, Monday first). */
  hours: string;
  lat: number;
  lng: number;
  /** JSON: contract `StoreService[]` */
  services: string;
  active: number;
  sort: number;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
  /** 0028: the merchant that runs the store (1 = the platform itself). */
  merchant_id: ColumnType<number, number | undefined, number>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  json_contents: JsonContentsTable;
  files: FilesTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  sms_budget: SmsBudgetTable;
  outbox: OutboxTable;
  products: ProductsTable;
  product_skus: ProductSkusTable;
  product_comments: ProductCommentsTable;
  cart_items: CartItemsTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  balances: BalancesTable;
  balance_ledger: BalanceLedgerTable;
  esims: EsimsTable;
  esim_install_logs: EsimInstallLogsTable;
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
  shop_settings: ShopSettingsTable;
  // job leases (0020)
  job_side_effects: JobSideEffectsTable;
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
}

// --- tools and WeChat tables (migration 0025) ---

export interface ToolSettingsTable {
  id: string;
  enabled: number;
  position: number;
  updated_at: Millis;
  updated_by: number | null;
}

export interface WechatAccountsTable {
  openid: string;
  user_id: number;
  created_at: Millis;
}

export interface WechatTokensTable {
  kind: string;
  value: string;
  expires_at: Millis;
}

export interface WechatSignInsTable {
  state_hash: string;
  ip: string;
  created_at: Millis;
  expires_at: Millis;
  code_used_at: Millis | null;
  openid: string | null;
  nickname: string | null;
  avatar: string | null;
  link_token_hash: string | null;
  link_expires_at: Millis | null;
  link_used_at: Millis | null;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type JsonContent = Selectable<JsonContentsTable>;
export type StoredFile = Selectable<FilesTable>;

// --- merchants (migration 0028) ---

export interface MerchantsTable {
  id: Generated<number>;
  name_en: string;
  name_zh: string;
  /** An image string like products' images (`folder:a` or a /media/... url); null: no logo. */
  logo: string | null;
  description_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  contact_email: ColumnType<string, string | undefined, string>;
  contact_phone: ColumnType<string, string | undefined, string>;
  return_address: ColumnType<string, string | undefined, string>;
  /** contract `MerchantStatus`; changed only through the merchant state machine. */
  status: string;
  /** Commission the platform keeps, in basis points (0..10000). */
  commission_bps: ColumnType<number, number | undefined, number>;
  /** The shop user who applied from /pages/shop/apply; null when created in the console. */
  applicant_user_id: number | null;
  version: Generated<number>;
  created_at: Millis;
  updated_at: Millis;
}

// --- checkouts and settlements (migration 0029) ---

export interface CheckoutsTable {
  id: Generated<number>;
  checkout_no: string;
  user_id: number;
  currency: Currency;
  created_at: Millis;
}

export interface SettlementsTable {
  id: Generated<number>;
  merchant_id: number;
  period_from: Millis;
  period_to: Millis;
  commission_bps: number;
  settled_by: number | null;
  created_at: Millis;
}

export interface SettlementLinesTable {
  id: Generated<number>;
  settlement_id: number;
  currency: string;
  orders: number;
  gross: number;
  refunds: number;
  commission: number;
  payable: number;
}
