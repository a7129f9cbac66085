/**
 * The texts of the validation messages (validation.ts's schemas name them by key), apart from the
 * schemas: the shop loads them at start-up, and zod with them would be 22 KB more.
 */
const texts: Readonly<Record<string, readonly [en: string, zh: string]>> = {
  'validation.phone': ['Enter an 11-digit phone number', '请输入11位手机号码'],
  'validation.email': ['Enter a valid email address', '请输入有效的邮箱地址'],
  'validation.account': ['Enter an 11-digit phone number or an email address', '请输入11位手机号码或邮箱地址'],
  'validation.nickname': ['Enter a nickname of up to 32 characters', '请输入不超过32个字符的昵称'],
  'validation.verification_code': ['Enter the 6-digit verification code', '请输入6位数字验证码'],
  'validation.password': ['Use 6 to 18 characters with no spaces', '密码为6至18位，不能包含空格'],
  'validation.password_same_as_old': ['The new password must differ from the old one', '新密码不能与原密码相同'],
  'validation.password_mismatch': ['The two passwords do not match', '两次输入的密码不一致'],
  'validation.imei': ['Enter a valid 15-digit IMEI', '请输入有效的15位IMEI'],
  'validation.imei_or_serial': ['Enter a 15-digit IMEI or a 10–12 character serial number', '请输入15位IMEI或10至12位序列号'],
  'validation.qpe_imei': ['Enter a 15-digit IMEI', '请输入15位IMEI'],
  'validation.ecode': ['Enter an ECode: JT followed by 10 digits', '请输入ECode：JT加10位数字'],
  'validation.ecode_digits12': ['Enter the 12-digit ECode', '请输入12位ECode'],
  'validation.eid': ['An EID has 32 digits', 'EID应为32位数字'],
  'validation.eid_checksum': ['This EID is not valid: check the 32 digits again', '该EID校验失败，请核对32位数字'],
  'validation.iccid': ['An ICCID has digits only', 'ICCID只能包含数字'],
  'validation.iccid_prefix': ['An ICCID starts with 89', 'ICCID应以89开头'],
  'validation.iccid_length': ['An ICCID has 18 to 22 digits (an EID has 32)', 'ICCID应为18至22位数字（EID为32位）'],
  'validation.eid_or_iccid': [
    'Enter a 32-digit EID or an ICCID of 18–22 digits starting with 89',
    '请输入32位EID或以89开头的18至22位ICCID',
  ],
  'validation.mcc_mnc': ['MCC and MNC are 3 digits each', 'MCC和MNC均为3位数字'],
  'validation.puk': ['A PUK has 8 digits: it is printed on the card holder the SIM came in', 'PUK码为8位数字，印在SIM卡的卡托上'],
  'validation.dp_address': ['Enter the SM-DP+ address as a domain name, e.g. smdp.example.com', '请输入域名形式的SM-DP+地址，例如 smdp.example.com'],
  'validation.activation_code': ['Use letters, digits and dashes only', '激活码只能包含字母、数字和短横线'],
  'validation.whitelist_activation_code': ['Use uppercase letters and digits only', '激活码只能包含大写字母和数字'],
  'validation.required': ['This field is required', '此项为必填项'],
  'validation.invalid': ['This value is not valid', '该值无效'],
  'validation.unexpected': ['This field is not expected here', '此处不需要该字段'],
  'validation.too_long': ['This is too long', '内容过长'],
  'validation.contact_phone': ['Enter a valid phone number (outside mainland China, start it with + and the country code)', '请输入有效的电话号码（中国大陆以外的号码请以+和国家代码开头）'],
  'validation.post_code': ['Enter a valid post code', '请输入有效的邮政编码'],
  'validation.post_code_6': ['A post code here has 6 digits', '此处的邮政编码为6位数字'],
  'validation.post_code_4': ['A postcode here has 4 digits', '此处的邮政编码为4位数字'],
  'validation.post_code_gb': ['Enter a UK postcode, e.g. SW1A 1AA', '请输入英国邮政编码，例如 SW1A 1AA'],
  'validation.post_code_ca': ['Enter a Canadian postal code, e.g. K1A 0B1', '请输入加拿大邮政编码，例如 K1A 0B1'],
  'validation.post_code_jp': ['Enter a Japanese postal code, e.g. 100-0001', '请输入日本邮政编码，例如 100-0001'],
  'validation.zip': ['Enter a 5-digit ZIP code (or ZIP+4, e.g. 10001-1234)', '请输入5位ZIP邮编（或ZIP+4，例如 10001-1234）'],
  'validation.country': ['Choose a country or region', '请选择国家或地区'],
  'validation.address_phone': [
    "This is not a mobile number of the chosen country or region: check the digits, or write another country's number with + and its code",
    '这不是所选国家或地区的手机号码：请核对号码，其他国家或地区的号码请以+和国家代码开头',
  ],
  'validation.address_phone_cn': [
    "A mainland China mobile number has 11 digits and starts with 1, e.g. 138 0013 8000 (another country's number: start it with + and its code)",
    '中国大陆手机号码为以1开头的11位数字，例如 138 0013 8000（其他国家或地区的号码请以+和国家代码开头）',
  ],
  'validation.address_phone_8': [
    "A mobile number here has 8 digits, e.g. 9123 4567 (another country's number: start it with + and its code)",
    '此处的手机号码为8位数字，例如 9123 4567（其他国家或地区的号码请以+和国家代码开头）',
  ],
  'validation.address_phone_10': [
    "A mobile number here has 10 digits with the area code, e.g. (201) 555-0123 (another country's number: start it with + and its code)",
    '此处的手机号码为含区号的10位数字，例如 (201) 555-0123（其他国家或地区的号码请以+和国家代码开头）',
  ],
  'validation.recharge_number': ['Enter the 11-digit phone number or the ICCID of the SIM', '请输入该卡的11位手机号码或ICCID'],
  'validation.qpe_number': ['Enter a QPE number of 4 to 32 letters or digits', '请输入4至32位字母或数字的QPE编号'],
  'validation.generate_number': ['Enter how many to generate, 1 to 9999', '请输入生成数量（1至9999）'],
  'validation.paper_card': ['Choose whether you want a paper card', '请选择是否需要纸质卡'],
  'validation.cart_select': ['Select at least one item', '请至少选择一件商品'],
  'validation.refund_reason': ['Choose a reason for the refund', '请选择退款原因'],
  'validation.address_select': ['Select a new address', '请选择新地址'],
  'validation.order_no': ['This order number is not valid', '订单号无效'],
  'validation.content_unchanged': ['Enter new content that differs from the current one', '请输入与原内容不同的新内容'],
  'validation.quantity': ['Enter a quantity within the allowed range', '请输入允许范围内的数量'],
  'validation.coupon_code': ['A coupon code has 3 to 32 letters, digits or dashes', '优惠码为3至32位字母、数字或短横线'],
  // Labels and reviews.
  'validation.rating': ['Choose 1 to 5 stars', '请选择1至5星'],
  'validation.color': ['Enter a colour as # and 6 hex digits, e.g. #1f6f43', '请输入#加6位十六进制数字的颜色，例如 #1f6f43'],
  'validation.too_many': ['Too many: remove some', '数量过多，请删除一些'],
  // Contact channels.
  'validation.wechat_id': ['A WeChat ID has 6 to 20 letters, digits, dashes or underscores and starts with a letter', '微信号为6至20位字母、数字、短横线或下划线，以字母开头'],
  'validation.time': ['Enter a time as HH:MM, e.g. 09:30', '请输入HH:MM格式的时间，例如 09:30'],
  'validation.hours_order': ['The closing time must be after the opening time', '结束时间必须晚于开始时间'],
  'validation.url': ['Enter a web address starting with https://', '请输入以 https:// 开头的网址'],
  'validation.website_or_note': ['Add your website, or a few words about your business', '请填写网站，或简单介绍您的业务'],
  'validation.image': ['Use an uploaded picture or a web address starting with https://', '请使用已上传的图片或以 https:// 开头的网址'],
  // Used by contentNameSchema in content.ts; its text lives here with the other validation texts.
  'validation.content_name': [
    'Use up to 64 lowercase letters, digits, dashes or underscores',
    '最多64个字符，只能包含小写字母、数字、短横线或下划线',
  ],
};

/** i18n resources for every validation message key, keyed by language. */
export const validationTexts: { readonly en: Record<string, string>; readonly 'zh-Hans': Record<string, string> } = {
  en: Object.fromEntries(Object.entries(texts).map(([key, [en]]) => [key, en])),
  'zh-Hans': Object.fromEntries(Object.entries(texts).map(([key, [, zh]]) => [key, zh])),
};
