/**
 * The error catalogue of SPEC §8. Every failure the server sends and every failure the client
 * shows is one of these entries: a stable numeric code, the HTTP-like status carried in the
 * envelope, the i18n key the client translates, and the texts in both languages.
 */
export interface ErrorDef {
  readonly code: number;
  readonly status: number;
  readonly i18n: string;
  readonly en: string;
  readonly zh: string;
}

const e = (code: number, status: number, i18n: string, en: string, zh: string): ErrorDef => ({ code, status, i18n, en, zh });

/** Errors the server returns in the response envelope. */
export const serverErrors = {
  codeInvalid: e(1001, 400, 'res.code.invalid', 'The code is invalid or incorrect', '代码无效或错误'),
  paramMissing: e(1002, 400, 'res.param.missing', 'A required parameter is missing', '缺少必填参数'),
  paramInvalid: e(1003, 400, 'res.param.invalid', 'A parameter is invalid', '参数无效'),
  accountBlacklisted: e(1004, 403, 'res.account.blacklisted', 'This account is blacklisted', '该账号已被列入黑名单'),
  accountRejected: e(1005, 403, 'res.account.rejected', 'This account was rejected', '该账号已被拒绝'),
  accountInvalid: e(1006, 403, 'res.account.invalid', 'This account is invalid', '该账号无效'),
  accountNotFound: e(1007, 404, 'res.account.not-found', 'Account not found', '账号不存在'),
  ecodeLocked: e(1008, 423, 'res.ecode.locked', 'This ECode is locked', '该ECode已被锁定'),
  modelOrCarrierRejected: e(1009, 422, 'res.model-carrier.rejected', 'The device model or carrier was rejected', '设备型号或运营商被拒绝'),
  esimFetchFailed: e(1010, 502, 'res.esim.fetch-failed', 'Failed to fetch the eSIM', '获取eSIM失败'),
  iphoneModelUnrecognised: e(1011, 422, 'res.iphone-model.unrecognised', 'The iPhone model was not recognised', '无法识别该iPhone型号'),
  // 1012 (image code incorrect) is reserved: the image code gave way to proof-of-work; the number is never reused.
  verificationCodeIncorrect: e(1013, 400, 'res.verification-code.incorrect', 'The code is incorrect or has expired', '验证码错误或已过期'),
  accountIncorrect: e(1014, 400, 'res.account.incorrect', 'The account is incorrect', '账号错误'),
  accountOrPasswordIncorrect: e(1015, 400, 'res.account-password.incorrect', 'The account or password is incorrect', '账号或密码错误'),
  telNotBound: e(1016, 400, 'res.tel.not-bound', 'No phone number is bound to this account', '该账号未绑定手机号'),
  oldPasswordIncorrect: e(1017, 400, 'res.old-password.incorrect', 'The old password is incorrect', '原密码错误'),
  actionInvalid: e(1018, 400, 'res.action.invalid', 'Invalid action', '无效的操作'),
  accountRegistered: e(1019, 409, 'res.account.registered', 'This account is already registered', '该账号已注册'),
  accountAbnormal: e(1020, 403, 'res.account.abnormal', 'This account is abnormal', '账号异常'),
  executionError: e(1021, 500, 'res.execution.error', 'Execution error', '执行错误'),
  sendFailed: e(1022, 500, 'res.send.failed', 'Sending failed', '发送失败'),
  saveFailed: e(1023, 500, 'res.save.failed', 'Saving failed', '保存失败'),
  generateFailed: e(1024, 500, 'res.generate.failed', 'Generating failed', '生成失败'),
  deleteFailed: e(1025, 500, 'res.delete.failed', 'Deleting failed', '删除失败'),
  registerFailed: e(1026, 500, 'res.register.failed', 'Registration failed', '注册失败'),
  modifyFailed: e(1027, 500, 'res.modify.failed', 'Modification failed', '修改失败'),
  updateFailed: e(1028, 500, 'res.update.failed', 'Update failed', '更新失败'),
  addFailed: e(1029, 500, 'res.add.failed', 'Adding failed', '添加失败'),
  productNotFound: e(1030, 404, 'res.product.not-found', 'The product does not exist', '商品不存在'),
  permissionDenied: e(1031, 403, 'res.permission.denied', 'Permission denied', '没有权限'),
  viewDenied: e(1032, 403, 'res.view.denied', 'You have no permission to view this', '没有查看权限'),
  addressWrong: e(1033, 400, 'res.address.wrong', 'The address is wrong', '地址错误'),
  serverError: e(1034, 500, 'res.server.error', 'Server error, please try again later', '服务器错误，请稍后再试'),
  paymentParamsMissing: e(1035, 400, 'res.payment.params-missing', 'Payment parameters are missing', '缺少支付参数'),
  paymentFailed: e(1036, 402, 'res.payment.failed', 'Payment failed', '支付失败'),
  orderNotFound: e(1037, 404, 'res.order.not-found', 'The order is invalid or was not found', '订单无效或不存在'),
  ecodeInvalid: e(1038, 400, 'res.ecode.invalid', 'The ECode is incorrect or invalid', 'ECode错误或无效'),
  noSearchResults: e(1039, 404, 'res.search.empty', 'No search results', '没有搜索结果'),
  carrierNotSupported: e(1040, 422, 'res.carrier.unsupported', 'This carrier is not supported', '不支持该运营商'),
  cannotCreateReseller: e(1041, 403, 'res.reseller.cannot-create', 'This account cannot create reseller accounts', '该账号不能创建分销商账号'),
  esimNotFound: e(1042, 404, 'res.esim.not-found', 'The eSIM does not exist', 'eSIM不存在'),
  tooFrequent: e(1043, 429, 'res.too-frequent', 'Operation too frequent, please try again later', '操作过于频繁，请稍后再试'),
  imeiIncorrect: e(1044, 400, 'res.imei.incorrect', 'The IMEI/SN is incorrect', 'IMEI/SN错误'),
  apiDisabled: e(1045, 503, 'res.api.disabled', 'This API is disabled', '该接口已停用'),
  serviceClosed: e(1046, 503, 'res.service.closed', 'The service is closed', '服务已关闭'),
  noResponse: e(1047, 504, 'res.no-response', 'No response', '无响应'),
  requestFailed: e(1048, 502, 'res.request.failed', 'The request failed', '请求失败'),
  modelNotSupported: e(1049, 422, 'res.model.unsupported', 'This model is not supported', '不支持该型号'),
  ecodeAlreadyCustomised: e(1050, 409, 'res.ecode.customised', 'This ECode is already customised', '该ECode已定制'),
  ecodeNotCustomised: e(1051, 409, 'res.ecode.not-customised', 'This ECode is not customised yet', '该ECode尚未定制'),
  esimMissingUseSearcher: e(1052, 404, 'res.esim.missing', 'eSIM missing: get it from the eSIM search', 'eSIM缺失，请通过eSIM查询获取'),
  balanceNotFound: e(1053, 404, 'res.balance.not-found', 'Balance not found', '余额不存在'),
  balanceLocked: e(1054, 423, 'res.balance.locked', 'The balance is locked', '余额已锁定'),
  balanceInsufficient: e(1055, 402, 'res.balance.insufficient', 'Insufficient balance', '余额不足'),
  numberExists: e(1056, 409, 'res.number.exists', 'This number already exists', '该号码已存在'),
  signatureInvalid: e(1057, 400, 'res.signature.invalid', "The request signature is invalid or stale. Check that your device's date and time are correct.", '请求签名无效或已过期，请检查设备的日期和时间是否正确'),
  noRightToOperate: e(1058, 403, 'res.operate.denied', 'You have no right to do this', '没有操作权限'),
  notFound: e(1059, 404, 'res.not-found', 'Not found', '未找到'),
  unauthenticated: e(1060, 401, 'res.unauthenticated', 'Please sign in first', '请先登录'),
  soldOut: e(1062, 409, 'res.product.sold-out', 'This product is sold out', '该商品已售罄'),
  stockInsufficient: e(1063, 409, 'res.stock.insufficient', 'Not enough stock left for this quantity', '库存不足'),
  orderStatusConflict: e(1064, 409, 'res.order.status', 'This cannot be done in the order\'s current state', '订单当前状态不允许此操作'),
  /** Also an interface error (SPEC §8): the client checks the total first, the server refuses an empty export alike. */
  noDataToExport: e(1066, 404, 'error.export.no-data', 'No data to export', '没有可导出的数据'),
  paymentMethodUnavailable: e(1065, 400, 'res.payment.unavailable', 'This payment method is not available for this order', '该订单不支持此支付方式'),
  changedBySomeoneElse: e(1067, 409, 'res.changed-by-someone-else', 'Someone else changed this meanwhile. Reload to see their changes, then save again.', '他人已修改此内容，请刷新查看后再保存'),
  totpRequired: e(1068, 400, 'res.totp.required', 'Enter the 6-digit code from your authenticator app', '请输入身份验证器中的6位验证码'),
  totpIncorrect: e(1069, 400, 'res.totp.incorrect', 'The authenticator code is incorrect', '身份验证器验证码错误'),
  alreadyExists: e(1070, 409, 'res.already-exists', 'This already exists', '该项已存在'),
  importRowInvalid: e(1071, 400, 'res.import.row-invalid', 'Line {{line}} of the file is wrong: {{reason}}. Nothing was imported.', '文件第 {{line}} 行有误：{{reason}}。未导入任何内容。'),
  // The console's orders (1080–1089).
  refundAmountInvalid: e(1080, 400, 'res.refund.amount', 'The refund must be more than zero and at most the order total', '退款金额必须大于零且不超过订单总额'),
  trackingNoInvalid: e(1081, 400, 'res.tracking-no.invalid', 'The tracking number must be 4 to 40 letters, digits or dashes', '运单号须为4至40位字母、数字或短横线'),
  // The console's customers, messages and comments (1100–1109).
  customerNotReseller: e(1100, 409, 'res.customer.not-reseller', 'This account is not a reseller: balances and messages with the shop are for resellers', '该账号不是分销商：余额和商家消息仅适用于分销商'),
  nothingChanged: e(1101, 409, 'res.nothing-changed', 'Nothing to change: it is already so', '无需修改：当前已是该设置'),
  // The console's catalogue and eSIM inventory (1090–1099).
  poolStockManual: e(1090, 409, 'res.pool-stock.manual', 'The stock of a pool eSIM is the number of its free activation codes and cannot be set by hand: load codes in eSIM inventory instead', '号池 eSIM 的库存就是空闲激活码的数量，不能手动设置：请在 eSIM 库存中导入激活码'),
  skuInUse: e(1091, 409, 'res.sku.in-use', 'This SKU has orders or eSIM profiles and cannot be removed: mark it sold out instead', '该 SKU 已有订单或 eSIM 档案，不能删除：请改为标记售罄'),
  qtyRangeInvalid: e(1092, 400, 'res.qty.range', 'The minimum quantity cannot be more than the maximum', '最小购买数量不能大于最大购买数量'),
  skuOptionsInvalid: e(1093, 400, 'res.sku.options', 'Choose one value of every specification; no two SKUs may have the same values', '请为每个规格选择一个值；不同 SKU 的规格值不能完全相同'),
  rechargeMbNotApplicable: e(1094, 400, 'res.sku.recharge-mb', 'Only recharge products add data (MB)', '只有充值类商品可以设置充值流量（MB）'),
  imageInvalid: e(1095, 400, 'res.image.invalid', 'Images must be PNG, JPEG or WebP files of at most {{maxMb}} MB', '图片须为 PNG、JPEG 或 WebP 格式，且不超过 {{maxMb}} MB'),
  // Product pictures come from uploads or the hosts the shop allows (IMAGE_HOSTS), not from any address.
  imageHostNotAllowed: e(1370, 400, 'res.image.host', 'Upload the picture, or use an address on an allowed image host ({{hosts}})', '请上传图片，或使用允许的图片主机上的地址（{{hosts}}）'),
  // A console call authenticated by the staff cookie must carry the console's header (CSRF).
  consoleHeaderMissing: e(1371, 403, 'res.console.header-missing', 'This request did not come from the console: reload the console and try again', '此请求并非来自管理后台：请刷新后台页面后重试'),
  notPoolSku: e(1096, 409, 'res.sku.not-pool', 'This SKU is not a pool eSIM: activation codes go only into pool eSIM SKUs', '该 SKU 不是号池 eSIM：激活码只能导入号池 eSIM 的 SKU'),
  coverageInvalid: e(1097, 400, 'res.coverage.invalid', 'Choose each destination from the list of countries and regions, once', '请从国家和地区列表中选择目的地，每个只选一次'),
  travelPlanNotApplicable: e(1098, 400, 'res.travel-plan.not-applicable', 'Only eSIMs and SIM cards are travel plans: this kind has no destinations or plan facts', '只有 eSIM 和实体卡是旅行套餐：此类商品不能设置目的地和套餐信息'),
  networkOutsideCoverage: e(1099, 400, 'res.travel-plan.network-outside', 'Name the networks of the destinations the plan covers, one entry per destination', '只能为套餐覆盖的目的地填写网络，每个目的地一项'),
  // The console's catalogue, continued: a SKU's plan facts (1300–1309; 1090–1099 are full).
  skuValidityInvalid: e(1300, 400, 'res.sku.validity', 'Validity is a whole number of days from 1 to 365', '有效期须为 1 到 365 之间的整数天数'),
  skuDataInvalid: e(1301, 400, 'res.sku.data', 'Data is a whole number of MB from 1 to 1,000,000 (1 to 1000 GB), or unlimited', '流量须为 1 到 1,000,000 MB（1 到 1000 GB）之间的整数，或不限量'),
  skuDataWithoutValidity: e(1302, 400, 'res.sku.data-without-validity', 'A data allowance needs its validity: enter the days too', '设置流量时须同时填写有效期天数'),
  skuPricesIncomplete: e(1303, 400, 'res.sku.prices-incomplete', 'Give every SKU a price in this currency, or none: a product is shown in a currency only when all its SKUs have a price in it', '请为每个规格都填写该币种的价格，或都不填：只有所有规格都有该币种价格时，商品才以该币种显示'),
  // The console's content, payments and background jobs (1110–1119).
  contentProductUnknown: e(1110, 400, 'res.content.product-unknown', 'No product on sale has this key: choose the product again', '没有在售商品使用此标识，请重新选择商品'),
  contentNothingToPublish: e(1111, 409, 'res.content.nothing-to-publish', 'There are no unpublished changes to publish', '没有需要发布的修改'),
  jobNotFailed: e(1112, 409, 'res.job.not-failed', 'Only a job that gave up can be retried; this one is still queued or done', '只有已放弃的任务可以重试，该任务仍在队列中或已完成'),
  chineseIncomplete: e(1113, 400, 'res.content.chinese-incomplete', 'Give the Chinese title and the Chinese text together, or leave both empty', '中文标题和中文正文须同时填写，或都留空'),
  // Security: proof of a SIM line, wholesale minimums (1120–1129).
  lineProofRequired: e(1120, 400, 'res.line.proof-required', 'Prove this SIM is yours: enter the code we sent to it by SMS, or its PUK', '请证明这张卡属于您：输入短信发送到该卡的验证码，或卡的PUK码'),
  pukIncorrect: e(1121, 400, 'res.puk.incorrect', 'The PUK does not match this SIM', 'PUK码与该卡不符'),
  wholesaleMinimum: e(1122, 400, 'res.wholesale.minimum', "Fewer than this product's wholesale minimum: take more at a time", '低于该商品的批发起订量，请增加数量'),
  // Coupons: 1130–1149.
  couponNotFound: e(1130, 404, 'res.coupon.not-found', 'There is no coupon with this code: check it and try again', '没有这个优惠码，请核对后重试'),
  couponNotStarted: e(1131, 409, 'res.coupon.not-started', 'This coupon cannot be used yet', '该优惠券尚未到使用时间'),
  couponExpired: e(1132, 409, 'res.coupon.expired', 'This coupon has expired', '该优惠券已过期'),
  couponMinSpend: e(1133, 409, 'res.coupon.min-spend', 'Spend at least {{minSpend}} on the products this coupon covers to use it', '适用商品满 {{minSpend}} 才能使用该优惠券'),
  couponUsedUp: e(1134, 409, 'res.coupon.used-up', 'This coupon has been used up', '该优惠券已被用完'),
  couponAlreadyUsed: e(1135, 409, 'res.coupon.already-used', 'You have already used this coupon', '您已使用过该优惠券'),
  couponNotForProducts: e(1136, 409, 'res.coupon.not-for-products', 'This coupon is not for the products in this order', '该优惠券不适用于本订单中的商品'),
  couponNotForAccount: e(1137, 409, 'res.coupon.not-for-account', 'This coupon is not for your type of account', '该优惠券不适用于您的账号类型'),
  couponWrongCurrency: e(1138, 409, 'res.coupon.wrong-currency', 'This coupon is for orders paid in {{currency}}', '该优惠券仅适用于以 {{currency}} 支付的订单'),
  couponNotClaimable: e(1139, 409, 'res.coupon.not-claimable', 'This coupon cannot be claimed', '该优惠券不可领取'),
  couponAlreadyClaimed: e(1140, 409, 'res.coupon.already-claimed', 'You have already claimed this coupon: find it in My coupons', '您已领取过该优惠券，可在“我的优惠券”中查看'),
  couponNotClaimed: e(1141, 409, 'res.coupon.not-claimed', 'This coupon is not in your coupons: claim it first', '该优惠券不在您的优惠券中，请先领取'),
  couponPaused: e(1142, 409, 'res.coupon.paused', 'This coupon is not available at the moment', '该优惠券暂不可用'),
  couponNotWithWholesale: e(1143, 409, 'res.coupon.not-with-wholesale', 'This coupon cannot be combined with wholesale prices', '该优惠券不能与批发价同时使用'),
  couponNothingToShip: e(1144, 409, 'res.coupon.nothing-to-ship', 'Free shipping applies only to orders with something to ship', '免运费券仅适用于需要发货的订单'),
  couponNotBulk: e(1145, 409, 'res.coupon.not-bulk', 'Codes can only be generated for a coupon of single-use codes', '只有一次性优惠码类型的优惠券才能生成优惠码'),
  couponValueInvalid: e(1146, 400, 'res.coupon.value-invalid', 'A percentage off is 1 to 100; a fixed amount off is more than zero; free shipping has no amount', '折扣百分比须为1至100；固定减免金额须大于零；免运费券不设金额'),
  couponEndsBeforeStart: e(1147, 400, 'res.coupon.ends-before-start', 'The coupon must end after it starts', '优惠券的结束时间须晚于开始时间'),
  couponCodeRule: e(1148, 400, 'res.coupon.code-rule', 'A public coupon needs the code customers type; claimable coupons and single-use codes have none', '公开优惠券须填写顾客输入的优惠码；可领取券和一次性码券不填写'),
  // Labels and reviews: 1150–1159.
  labelColorUnreadable: e(1150, 400, 'res.label.color-unreadable', 'White text on this colour would be hard to read: choose a darker colour', '该颜色上的白色文字难以辨认，请选择更深的颜色'),
  labelNotFound: e(1151, 404, 'res.label.not-found', 'This label does not exist', '该标签不存在'),
  reviewNotReceived: e(1152, 409, 'res.review.not-received', 'You can review this item once you have received it', '收到商品后才能评价'),
  reviewAlreadyWritten: e(1153, 409, 'res.review.already-written', 'You have already reviewed this item', '您已评价过该商品'),
  reviewItemNotFound: e(1154, 404, 'res.review.item-not-found', 'This item is not in any of your orders', '您的订单中没有该商品'),
  reviewPictureInvalid: e(1155, 400, 'res.review.picture-invalid', 'A picture could not be found: upload it again', '图片未找到，请重新上传'),
  // Conversations and contact channels: 1160–1164.
  contactQrMissing: e(1160, 400, 'res.contact.qr-missing', 'The QR picture could not be found: upload it again', '二维码图片未找到，请重新上传'),
  // Jobs: stranded orders (1165–1169).
  fulfilmentNotWaiting: e(1165, 409, 'res.fulfilment.not-waiting', 'Nothing waits to be issued for this order: it is issued, refunded or not paid', '该订单没有待发放的商品：已发放、已退款或未付款'),
  fulfilmentRunning: e(1166, 409, 'res.fulfilment.running', 'Issuing is running right now; look again in a moment', '正在发放中，请稍后再查看'),
  fileMissing: e(1170, 404, 'res.file.missing', 'This file is no longer available: make it again', '该文件已不存在，请重新生成'),
  orderQuantityTotal: e(1171, 400, 'res.order.quantity-total', 'Counting all its lines, this item can be ordered {{min}} to {{max}} at a time', '同一商品所有行合计，每单可购买 {{min}} 至 {{max}} 件'),
  // The proof-of-work check before a code is sent; the browser simply starts a new one.
  proofIncorrect: e(1175, 400, 'res.proof.incorrect', 'The check that you are not a robot did not pass. Please try again', '人机验证未通过，请重试'),
  proofExpired: e(1176, 400, 'res.proof.expired', 'The check that you are not a robot took too long. Please try again', '人机验证已超时，请重试'),
  proofUsed: e(1177, 400, 'res.proof.used', 'This check was already used. Please try again', '该验证已使用过，请重试'),
  proofOtherPurpose: e(1178, 400, 'res.proof.other-purpose', 'This check was made for another step. Please try again', '该验证用于其他操作，请重试'),
  orderMixedCurrency: e(1185, 400, 'res.order.mixed-currency', 'Items priced in different currencies are paid in separate orders: check out one currency at a time', '不同币种的商品需分开下单：请每次结算一种币种'),
  // Blog and stores with pickup: 1220–1249.
  blogCoverMissing: e(1220, 400, 'res.blog.cover-missing', 'The cover picture could not be found: upload it again', '封面图片未找到，请重新上传'),
  blogNotFound: e(1221, 404, 'res.blog.not-found', 'This post does not exist or is no longer published', '该文章不存在或已下线'),
  storeNotFound: e(1225, 404, 'res.store.not-found', 'This store does not exist or has closed', '该门店不存在或已关闭'),
  storeHoursOverlap: e(1226, 400, 'res.store.hours-overlap', 'Two openings of the same day overlap: join them into one', '同一天的两个营业时段重叠，请合并为一个'),
  pickupStoreUnavailable: e(1230, 409, 'res.pickup.store-unavailable', 'This store does not hand out orders: choose another store or delivery', '该门店不提供自提，请选择其他门店或快递配送'),
  pickupNothingToCollect: e(1231, 400, 'res.pickup.nothing-to-collect', 'Only orders with SIM cards can be collected at a store', '只有包含实体SIM卡的订单才能到店自提'),
  pickupNotPickup: e(1232, 409, 'res.pickup.not-pickup', 'This order is delivered, not collected at a store', '该订单为快递配送，不是到店自提'),
  // WeChat sign-in: 1250–1269.
  wechatUnavailable: e(1250, 503, 'res.wechat.unavailable', 'Signing in with WeChat is not available here: sign in with your phone or email', '此处暂不支持微信登录，请使用手机号或邮箱登录'),
  wechatCodeInvalid: e(1251, 400, 'res.wechat.code-invalid', 'WeChat did not confirm the sign-in. Please try again', '微信未确认本次登录，请重试'),
  wechatLinkExpired: e(1252, 400, 'res.wechat.link-expired', 'The WeChat sign-in took too long. Please start again', '微信登录已超时，请重新开始'),
  wechatAlreadyLinked: e(1253, 409, 'res.wechat.already-linked', 'This account is already linked to another WeChat', '该账号已绑定其他微信'),
  // Merchants, their applications and staff: 1270–1289.
  merchantNotFound: e(1270, 404, 'res.merchant.not-found', 'This shop does not exist or is closed', '该店铺不存在或已关闭'),
  merchantApplicationOpen: e(1271, 409, 'res.merchant.application-open', 'You have already applied to open a shop: see its status below', '您已申请开店，请查看下方的申请状态'),
  merchantStatusConflict: e(1272, 409, 'res.merchant.status', 'This cannot be done in the merchant\'s current status', '商家当前状态不允许此操作'),
  merchantCommissionInvalid: e(1273, 400, 'res.merchant.commission-invalid', 'The commission is a rate from 0 % to 100 %, in steps of 0.01 %', '佣金比例须在 0% 至 100% 之间，最小单位 0.01%'),
  merchantPlatformFixed: e(1274, 409, 'res.merchant.platform-fixed', 'The platform\'s own shop is always open and takes no commission', '平台自营店铺始终营业，且不收取佣金'),
  merchantNotActive: e(1275, 409, 'res.merchant.not-active', 'This merchant is not active: approve or reactivate it first', '该商家未营业，请先批准或恢复'),
  merchantStaffOwner: e(1276, 400, 'res.merchant.staff-owner', 'Merchant staff cannot have the owner role', '商家员工不能设为所有者角色'),
  merchantSuspended: e(1277, 403, 'res.merchant.suspended', 'Your merchant is suspended: its console opens again once the platform reactivates it', '您所属的商家已被暂停，平台恢复该商家后才能再次使用后台'),
  // Applications to become a reseller.
  resellerApplicationOpen: e(1420, 409, 'res.reseller-application.open', 'Your application is under review: you can apply again only if it is rejected', '您的申请正在审核中，被拒绝后才能再次申请'),
  resellerAlready: e(1421, 409, 'res.reseller-application.already-reseller', 'This account is already a reseller account', '该账号已是分销商账号'),
  resellerApplicationNotFound: e(1422, 404, 'res.reseller-application.not-found', 'This application does not exist', '该申请不存在'),
  resellerApplicationDecided: e(1423, 409, 'res.reseller-application.decided', 'This application has already been decided', '该申请已处理'),
  // Multi-merchant checkout and settlement: 1290–1299.
  pickupOneMerchant: e(1290, 400, 'res.pickup.one-merchant', 'Store pickup works for one shop at a time: check out the other shops\' items with delivery', '到店自提每次只能用于一家店铺：其他店铺的商品请选择快递配送'),
  settlementPeriodLocked: e(1291, 409, 'res.settlement.locked', 'This period overlaps a settled period, which can no longer change', '该时段与已结算时段重叠，已结算时段不可更改'),
  settlementPeriodOpen: e(1292, 409, 'res.settlement.period-open', 'A period can be settled once it has ended', '时段结束后才能结算'),
  settlementPeriodInvalid: e(1293, 400, 'res.settlement.period-invalid', 'The period must end after it starts, and last at most a year', '结束时间须晚于开始时间，时段最长一年'),
  settlementMerchantNotFound: e(1294, 404, 'res.settlement.merchant-not-found', 'This merchant does not exist', '该商家不存在'),
  pickupStoreOtherMerchant: e(1295, 400, 'res.pickup.other-merchant', 'This store does not hand out this shop\'s orders: choose one of the shop\'s own stores', '该门店不提供此店铺订单的自提，请选择该店铺自己的门店'),
  // Back-in-stock notices: 1440–1449.
  productInStock: e(1440, 409, 'res.stock-notice.in-stock', 'This product is in stock: you can order it now', '该商品有货，现在即可下单'),
  // Refunds at once by the shop's rule (an eSIM never installed): 1480–1489. Each says to ask with a reason instead.
  instantRefundNotOffered: e(1480, 409, 'res.refund-now.not-offered', 'This order cannot be refunded at once: ask for a refund with a reason', '该订单不能立即退款：请填写原因申请退款'),
  instantRefundInstalled: e(1481, 409, 'res.refund-now.installed', 'This eSIM has been downloaded or installed: ask for a refund with a reason', '该eSIM已下载或安装：请填写原因申请退款'),
  instantRefundExpired: e(1482, 409, 'res.refund-now.expired', 'The period for an instant refund has passed: ask for a refund with a reason', '立即退款的期限已过：请填写原因申请退款'),
  // My data (export, deleting the account): 1460–1469.
  accountDeleteConfirmMismatch: e(1460, 400, 'res.account-delete.confirm-mismatch', 'Type your account exactly as it is shown to confirm', '请按显示的内容准确输入您的账号以确认'),
  accountDeleteBalance: e(1461, 409, 'res.account-delete.balance', 'Your balance still holds money: spend it or ask us to refund it before deleting the account', '您的余额中仍有资金：请先用完或联系我们退款，再删除账号'),
  accountDeleteOrdersOpen: e(1462, 409, 'res.account-delete.orders-open', 'An order is waiting for payment, being delivered or being refunded: cancel unpaid orders and wait until the others are finished, then delete the account', '有订单待付款、配送中或退款中：请取消未付款的订单并等待其他订单完成后，再删除账号'),
  // Staff sign-in security: 1340–1349.
  staffSignInIncorrect: e(1340, 400, 'res.staff.sign-in-incorrect', 'The email, password or authenticator code is incorrect', '邮箱、密码或身份验证器验证码错误'),
  staffPasswordChangeRequired: e(1341, 403, 'res.staff.password-change-required', 'Set a new password first: the one you signed in with was for one use only', '请先设置新密码：您登录所用的密码仅限使用一次'),
  // The shop's daily SMS budget: 1350–1359.
  // Data added to an eSIM the customer has: refused before any payment.
  addonNotFit: e(1520, 422, 'res.esim-addon.not-fit', 'This package does not fit this eSIM: choose one of the packages shown on its page', '该流量包不适用于此 eSIM：请在其页面上选择列出的流量包'),
  esimExpired: e(1521, 409, 'res.esim.expired', 'This eSIM has expired: data can no longer be added to it', '此 eSIM 已过期，不能再添加流量'),
  esimRemoved: e(1522, 409, 'res.esim.removed', 'This eSIM was removed or refunded: data cannot be added to it', '此 eSIM 已被移除或退款，不能添加流量'),
  addonFamilyNotApplicable: e(1523, 400, 'res.esim-addon.family-not-applicable', 'Only eSIMs and data add-ons have an add-on family', '只有 eSIM 和流量加油包可以设置加油包系列'),
  rechargeNumberUnknown: e(1524, 422, 'res.recharge.number-unknown', 'The shop cannot recharge this number: enter the phone number or ICCID of a China Unicom or China Mobile SIM card (travel eSIMs get data from their own page)', '本店无法为该号码充值：请输入中国联通或中国移动 SIM 卡的手机号或 ICCID（旅行 eSIM 请在其页面添加流量）'),
  // An EU consumer's consent at checkout and right of withdrawal: 1530–1539.
  performanceConsentMissing: e(1530, 422, 'res.withdrawal.consent-missing', 'Tick the box to have the digital goods delivered now: you lose the right of withdrawal once they are delivered or installed', '请勾选同意立即交付数字商品：交付或安装后您将失去撤回权'),
  withdrawalNotOffered: e(1531, 409, 'res.withdrawal.not-offered', 'This order cannot be withdrawn from: ask for a refund with a reason', '该订单不能撤回：请填写原因申请退款'),
  withdrawalExpired: e(1532, 409, 'res.withdrawal.expired', 'The 14-day withdrawal period for this order has ended: ask for a refund with a reason', '该订单的 14 天撤回期已过：请填写原因申请退款'),
  withdrawalRightLost: e(1533, 409, 'res.withdrawal.right-lost', 'The eSIM was delivered to your phone with your consent, so the right of withdrawal has ended: ask for a refund with a reason', '该 eSIM 已在您同意后交付到手机，撤回权已终止：请填写原因申请退款'),
  // Reports: 1620–1629.
  reportPeriodInvalid: e(1620, 400, 'res.report.period-invalid', 'The period must end on or after the day it starts', '结束日期不能早于开始日期'),
  reportPeriodTooLong: e(1621, 400, 'res.report.period-too-long', 'A report covers at most {{days}} days: choose a shorter period', '报表最多覆盖 {{days}} 天，请选择较短的时段'),
  // Web Push: 1560–1569.
  pushSubscriptionInvalid: e(1560, 422, 'res.push.subscription-invalid', 'This browser gave a notification subscription the shop cannot use: turn alerts off and on again, or use another browser', '此浏览器提供的通知订阅无法使用：请关闭后重新开启提醒，或换一个浏览器'),
  pushUnavailable: e(1561, 503, 'res.push.unavailable', 'This shop does not send alerts to devices: you get them by e-mail or text message', '本店不向设备发送提醒：您会通过邮件或短信收到提醒'),
  smsBudgetSpent: e(1350, 429, 'res.sms.budget-spent', 'The shop has sent all its text messages for today: try again tomorrow, or use an email address', '本店今日短信发送量已达上限，请明天再试，或使用邮箱'),
  // The reseller API and its keys: 1640–1659.
  // 1650 (test keys could not order before the sandbox) is reserved: the number is never reused.
  apiKeyMissing: e(1640, 401, 'res.api-key.missing', 'Send your API key as "Authorization: Bearer sk_…"', '请以 “Authorization: Bearer sk_…” 发送您的 API 密钥'),
  apiKeyInvalid: e(1641, 401, 'res.api-key.invalid', 'This API key is unknown or was revoked: make a key in Mine → API', '该 API 密钥不存在或已被撤销：请在“我的 → API”中创建密钥'),
  apiKeyScope: e(1642, 403, 'res.api-key.scope', 'This API key lacks the "{{scope}}" scope: make a key with it in Mine → API', '该 API 密钥没有 “{{scope}}” 权限：请在“我的 → API”中创建具有该权限的密钥'),
  apiKeyIpNotAllowed: e(1643, 403, 'res.api-key.ip', 'This API key may not be used from {{ip}}: add the address to its allow-list', '该 API 密钥不能从 {{ip}} 使用：请将该地址加入其允许列表'),
  apiKeysMax: e(1644, 409, 'res.api-key.max', 'You have {{max}} API keys, the most an account may hold: revoke one to make another', '您已有 {{max}} 个 API 密钥，已达上限：请撤销一个后再创建'),
  apiKeyNotFound: e(1645, 404, 'res.api-key.not-found', 'This API key does not exist', '该 API 密钥不存在'),
  apiKeyRevoked: e(1646, 409, 'res.api-key.revoked', 'This API key was revoked and cannot be changed', '该 API 密钥已撤销，不能修改'),
  idempotencyKeyMissing: e(1647, 400, 'res.idempotency.missing', 'Send an Idempotency-Key header (1 to 255 characters, e.g. a UUID) with every order', '每个订单请求都须带上 Idempotency-Key 请求头（1 至 255 个字符，例如 UUID）'),
  idempotencyKeyReused: e(1648, 409, 'res.idempotency.reused', 'This Idempotency-Key was already used with another request: use a new key for a new order', '该 Idempotency-Key 已用于另一个请求：新订单请使用新的键'),
  priceChanged: e(1649, 409, 'res.price.changed', 'The unit price is now {{price}}, not the {{expected}} you expected: nothing was ordered', '单价现为 {{price}}，不是您预期的 {{expected}}：未下单'),
  apiOrderKindUnsupported: e(1651, 422, 'res.api.order-kind', 'The API orders ECodes, eSIMs and eSIM top-ups: this SKU is none of them', 'API 可订购 ECode、eSIM 和 eSIM 流量包：该 SKU 都不是'),
  apiTopupNeedsIccid: e(1656, 422, 'res.api.topup-iccid', 'A top-up names the eSIM it tops up: send its iccid, and order one top-up at a time', '流量包须指明要充值的 eSIM：请提供其 iccid，且每次只订购一个流量包'),
  apiSpendLimitReached: e(1659, 403, 'res.api.spend-limit', 'This order of {{amount}} would pass your API spend limit of {{limit}} a day ({{spent}} spent today, UTC): nothing was ordered. Raise the limit in Mine → API, or order tomorrow', '此订单 {{amount}} 将超出您设置的 API 每日消费上限 {{limit}}（今天已消费 {{spent}}，按 UTC 计）：未下单。请在“我的 → API”中提高上限，或明天再下单'),
  bulkJobNotCancellable: e(1658, 409, 'res.api.bulk-not-cancellable', 'This bulk order is already over ({{state}}): only a queued or running one can be cancelled', '该批量订单已结束（{{state}}）：只能取消排队中或进行中的批量订单'),
  apiNothingToRefund: e(1657, 409, 'res.api.nothing-to-refund', 'Every unit of this order was used (codes redeemed, eSIMs installed, data added): nothing is left to refund', '该订单的每个单位都已使用（兑换码已兑换、eSIM 已安装、流量已添加）：没有可退款的部分'),
  mediaInvalid: e(1690, 400, 'res.media.invalid', 'Pictures must be JPEG, PNG, WebP, AVIF or GIF files of at most {{maxMb}} MB and {{maxSide}} pixels a side', '图片须为 JPEG、PNG、WebP、AVIF 或 GIF 格式，不超过 {{maxMb}} MB，每边不超过 {{maxSide}} 像素'),
  mediaNotFound: e(1691, 404, 'res.media.not-found', 'This picture is not in the media library', '媒体库中没有这张图片'),
  mediaInUse: e(1692, 409, 'res.media.in-use', 'This picture is still used ({{where}}): replace it there first', '这张图片仍在使用中（{{where}}）：请先在那里替换'),
  webhookEndpointsMax: e(1652, 409, 'res.webhook.max', 'You have {{max}} webhook endpoints, the most an account may have: delete one to add another', '您已有 {{max}} 个 Webhook 端点，已达上限：请删除一个后再添加'),
  webhookEndpointNotFound: e(1653, 404, 'res.webhook.not-found', 'This webhook endpoint does not exist', '该 Webhook 端点不存在'),
  webhookUrlNotHttps: e(1654, 422, 'res.webhook.https', 'Webhook addresses must use https', 'Webhook 地址必须使用 https'),
  webhookDeliveryNotFound: e(1655, 404, 'res.webhook.delivery-not-found', 'This delivery does not exist', '该投递记录不存在'),
  // Purchases through the shop's MCP tools (an assistant the customer approved): 1700–1709.
  mcpPreviewNotFound: e(1700, 404, 'res.mcp.preview-not-found', 'This preview is unknown or has expired: preview the purchase again', '此预览不存在或已过期：请重新预览购买'),
  mcpDailyAmountExceeded: e(1701, 403, 'res.mcp.daily-amount', 'This purchase of {{amount}} would pass the {{limit}} a day the customer allowed this assistant ({{spent}} spent today): nothing was bought', '此次购买 {{amount}} 将超出顾客允许此助手每天花费的 {{limit}}（今天已花费 {{spent}}）：未购买'),
  mcpNotBuyable: e(1702, 422, 'res.mcp.not-buyable', 'This product cannot be bought through an assistant (it is delivered by post or needs details typed in): buy it on the shop\'s page', '此商品无法通过助手购买（需要邮寄或填写信息）：请在商店页面购买'),
  mcpResellerOnly: e(1703, 403, 'res.mcp.reseller-only', 'This tool is for reseller accounts', '此工具仅供分销商账号使用'),
  // Saved views of the console's lists: 1730–1739.
  savedFilterNotFound: e(1730, 404, 'res.saved-filter.not-found', 'This saved view does not exist', '该已保存视图不存在'),
  savedFilterLimit: e(1731, 409, 'res.saved-filter.limit', 'You have {{max}} saved views for this list, the most allowed: delete one to save another', '此列表已有 {{max}} 个已保存视图，已达上限：请删除一个后再保存'),
  savedFilterNameTaken: e(1732, 409, 'res.saved-filter.name-taken', 'You already have a saved view of this list with this name', '此列表已有同名的已保存视图'),
  sessionExpired: e(1061, 401, 'login.expired.content', 'Your sign-in has expired. Please sign in again.', '登录已过期，请重新登录'),
} as const satisfies Record<string, ErrorDef>;

export type ServerErrorName = keyof typeof serverErrors;

/** Errors the client raises itself (SPEC §8 "Interface errors"); never sent by the server. */
export const clientErrors = {
  systemError: e(2001, 0, 'error.system', 'System error', '系统错误'),
  requestError: e(2002, 0, 'error.request', 'Something went wrong (error {{code}}). Try again, or contact us if it keeps happening.', '出了点问题（错误 {{code}}）。请重试，如仍有问题请联系我们。'),
  unknownError: e(2003, 0, 'error.unknown', 'Unknown error', '未知错误'),
  paymentStatusError: e(2004, 0, 'error.payment.status', 'Payment status error', '支付状态错误'),
  paymentPlatformUnsupported: e(2005, 0, 'error.payment.platform', 'This payment platform is not supported', '不支持该支付平台'),
  browserIncompatible: e(2006, 0, 'error.browser.incompatible', 'This browser is not supported', '浏览器不兼容'),
  openInAppOrBrowser: e(2007, 0, 'error.open-in-app', 'Please open this page in WeChat or in a browser', '请在微信或浏览器中打开'),
  invalidOrderData: e(2008, 0, 'error.order.invalid-data', 'Invalid order data', '订单数据无效'),
  unauthorised: e(2009, 0, 'error.unauthorised', 'Unauthorised', '未授权'),
  wrongParameter: e(2011, 0, 'res.param.error', 'Wrong parameter', '参数错误'),
  // The network as a person sees it: offline, the shop down, the connection lost.
  offline: e(1186, 0, 'error.offline', 'You are offline. Check your connection and try again.', '您已离线，请检查网络连接后重试。'),
  shopUnavailable: e(1187, 0, 'error.shop-unavailable', 'The shop is not answering, try again in a moment.', '商店暂时没有响应，请稍后再试。'),
  connectionFailed: e(1188, 0, 'error.connection', 'The shop could not be reached. Check your connection and try again.', '无法连接到商店，请检查网络后重试。'),
} as const satisfies Record<string, ErrorDef>;

export type ClientErrorName = keyof typeof clientErrors;

const allErrors: readonly ErrorDef[] = [...Object.values(serverErrors), ...Object.values(clientErrors)];

/** i18n resources for the catalogue, keyed by language, for the client's translator. */
export const errorTexts = {
  en: Object.fromEntries(allErrors.map((d) => [d.i18n, d.en])) as Record<string, string>,
  'zh-Hans': Object.fromEntries(allErrors.map((d) => [d.i18n, d.zh])) as Record<string, string>,
};
