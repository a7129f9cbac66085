import { describe, it, expect } from 'vitest';
import {
  ActivationStatus,
  Carrier,
  Currency,
  EcodeStatus,
  EsimClass,
  EsimRecordStatus,
  FALLBACK_LANGUAGE,
  InstallLogType,
  LANGUAGES,
  Language,
  ORDER_STATUSES,
  OrderListTab,
  OrderStatus,
  Role,
  UserType,
  activationStatusLabelKey,
  activationStatusSchema,
  carrierLabelKey,
  carrierSchema,
  carrierTrackingUrl,
  currencyLabelKey,
  currencySchema,
  ecodeStatusLabelKey,
  ecodeStatusSchema,
  esimClassLabelKey,
  esimClassSchema,
  esimRecordStatusLabelKey,
  esimRecordStatusSchema,
  installLogTypeLabelKey,
  installLogTypeSchema,
  isCmpClass,
  isResellerRole,
  languageLabelKey,
  languageSchema,
  normalizeLanguage,
  orderListTabLabelKey,
  orderListTabSchema,
  orderStatusLabelKey,
  orderStatusSchema,
  orderStatusesForTab,
  roleLabelKey,
  roleSchema,
  userTypeLabelKey,
  userTypeSchema,
} from './enums.ts';
import { enumTexts } from './enum-texts.ts';

describe('numeric enums', () => {
  it('carry the spec values', () => {
    expect(Role).toEqual({ normal: 1, reseller: 2, resellerEsim: 3, foreignReseller: 6 });
    expect(UserType).toEqual({ officialAccount: 1, miniProgram: 2, mobile: 3, email: 4 });
    expect(EsimClass).toEqual({ redtea: 1, self: 3, unlock: 22, qpePregenerated: 24, qpeInstant: 25, cloudIotV1: 2, cloudIotV2: 20, blackUnlock: 21, ssim: 23, unknown: 99 });
    expect(ActivationStatus).toEqual({ unactivated: 0, activated: 1, progressing: 2, installed: 3, removed: 4, enabled: 5, disabled: 6, unknown: 99 });
  });

  it('schemas accept exactly the listed values', () => {
    const cases = [
      [roleSchema, Role, [0, 4, 5, 7]],
      [userTypeSchema, UserType, [0, 5]],
      [esimClassSchema, EsimClass, [0, 4, 26, 98]],
      [activationStatusSchema, ActivationStatus, [7, -1, 98]],
    ] as const;
    for (const [schema, values, bad] of cases) {
      for (const v of Object.values(values)) expect(schema.safeParse(v).success).toBe(true);
      for (const v of bad) expect(schema.safeParse(v).success).toBe(false);
      expect(schema.safeParse(String(Object.values(values)[0])).success).toBe(false);
    }
  });

  it('isResellerRole is true for 2, 3 and 6 only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isResellerRole)).toEqual([2, 3, 6]);
    expect(isResellerRole(undefined)).toBe(false);
    expect(isResellerRole(null)).toBe(false);
  });

  it('isCmpClass is true for the four cmp classes with an iDATA package', () => {
    expect(Object.values(EsimClass).filter(isCmpClass).sort((a, b) => a - b)).toEqual([2, 20, 21, 23]);
    expect(isCmpClass(undefined)).toBe(false);
  });

  it('label keys use the member name', () => {
    expect(roleLabelKey(Role.reseller)).toBe('enum.role.reseller');
    expect(roleLabelKey(Role.foreignReseller)).toBe('enum.role.foreignReseller');
    expect(userTypeLabelKey(UserType.email)).toBe('enum.userType.email');
    expect(esimClassLabelKey(EsimClass.qpeInstant)).toBe('enum.esimClass.qpeInstant');
    expect(activationStatusLabelKey(ActivationStatus.unactivated)).toBe('enum.activationStatus.unactivated');
  });

  it('unknown wire values fall back to the unknown label where the enum has one', () => {
    expect(esimClassLabelKey(42 as EsimClass)).toBe('enum.esimClass.unknown');
    expect(activationStatusLabelKey(42 as ActivationStatus)).toBe('enum.activationStatus.unknown');
    expect(orderStatusLabelKey('teleported' as OrderStatus)).toBe('enum.orderStatus.unknown');
  });
});

describe('string enums', () => {
  it('carry the spec values', () => {
    expect(Object.values(EsimRecordStatus)).toEqual(['unassigned', 'assigned', 'removed', 'discarded', 'recycled']);
    expect(Object.values(EcodeStatus)).toEqual(['unused', 'sold', 'customized', 'invalid', 'deleted']);
    expect(Object.values(InstallLogType)).toEqual(['success_install', 'repeat_install', 'deleted', 'eid_mismatch']);
    expect(Object.values(OrderListTab)).toEqual(['all', 'unpaid', 'to_ship', 'to_receive', 'completed']);
    expect(Object.values(Currency)).toEqual(['USD', 'CNY']);
    expect(Object.values(Language)).toEqual(['zh-Hans', 'en']);
    expect(LANGUAGES).toEqual(['zh-Hans', 'en']);
  });

  it('has every order status label of SPEC §4, in order', () => {
    expect(ORDER_STATUSES).toEqual([
      'submitted',
      'deleted',
      'invalid',
      'unpaid',
      'unverified',
      'paid',
      'delivered',
      'partial_shipped',
      'shipped',
      'received',
      'completed',
      'to_be_refunded',
      'partial_refunded',
      'refunded',
      'to_be_inquired',
      'inquiring',
      'inquiry_completed',
      'inquiry_failed',
      'sent',
      'to_be_submitted',
      'progressing',
      'unlocked',
      'unlock_failed',
      'after_service',
      'service_completed',
      'order_locked',
      // Store pickup, beyond SPEC §4.
      'ready_for_pickup',
      'unknown',
    ]);
  });

  it('schemas accept the values and nothing else', () => {
    const cases = [
      [esimRecordStatusSchema, EsimRecordStatus],
      [ecodeStatusSchema, EcodeStatus],
      [installLogTypeSchema, InstallLogType],
      [orderStatusSchema, OrderStatus],
      [orderListTabSchema, OrderListTab],
      [carrierSchema, Carrier],
      [languageSchema, Language],
      [currencySchema, Currency],
    ] as const;
    for (const [schema, values] of cases) {
      for (const v of Object.values(values)) expect(schema.safeParse(v).success).toBe(true);
      expect(schema.safeParse('nope').success).toBe(false);
      expect(schema.safeParse(1).success).toBe(false);
    }
    // Member names are not wire values.
    expect(orderStatusSchema.safeParse('toBeRefunded').success).toBe(false);
  });

  it('label keys use the wire value', () => {
    expect(orderStatusLabelKey(OrderStatus.paid)).toBe('enum.orderStatus.paid');
    expect(orderStatusLabelKey(OrderStatus.toBeRefunded)).toBe('enum.orderStatus.to_be_refunded');
    expect(carrierLabelKey(Carrier.sf)).toBe('enum.carrier.sf');
    expect(carrierLabelKey(Carrier.dhlExpress)).toBe('enum.carrier.dhl_express');
    expect(esimRecordStatusLabelKey(EsimRecordStatus.recycled)).toBe('enum.esimRecordStatus.recycled');
    expect(ecodeStatusLabelKey(EcodeStatus.customized)).toBe('enum.ecodeStatus.customized');
    expect(installLogTypeLabelKey(InstallLogType.eidMismatch)).toBe('enum.installLogType.eid_mismatch');
    expect(orderListTabLabelKey(OrderListTab.toShip)).toBe('enum.orderListTab.to_ship');
    expect(languageLabelKey(Language.zhHans)).toBe('enum.language.zh-Hans');
    expect(currencyLabelKey(Currency.CNY)).toBe('enum.currency.CNY');
  });
});

describe('orderStatusesForTab', () => {
  it('maps each tab to its statuses', () => {
    expect(orderStatusesForTab('unpaid')).toEqual(['unpaid']);
    expect([...orderStatusesForTab('to_ship')].sort()).toEqual(
      ['paid', 'unverified', 'to_be_inquired', 'inquiring', 'to_be_submitted', 'progressing'].sort(),
    );
    expect([...orderStatusesForTab('to_receive')].sort()).toEqual(['shipped', 'partial_shipped', 'delivered', 'sent', 'ready_for_pickup'].sort());
    expect([...orderStatusesForTab('completed')].sort()).toEqual(
      ['received', 'completed', 'refunded', 'partial_refunded', 'inquiry_completed', 'service_completed', 'unlocked'].sort(),
    );
  });

  it('all shows every status except deleted', () => {
    const all = orderStatusesForTab('all');
    expect(all).not.toContain('deleted');
    expect(all).toHaveLength(ORDER_STATUSES.length - 1);
  });

  it('the specific tabs are subsets of all and do not overlap', () => {
    const all = new Set(orderStatusesForTab('all'));
    const seen = new Set<string>();
    for (const tab of ['unpaid', 'to_ship', 'to_receive', 'completed'] as const) {
      for (const status of orderStatusesForTab(tab)) {
        expect(all.has(status)).toBe(true);
        expect(seen.has(status)).toBe(false);
        seen.add(status);
      }
    }
  });
});

describe('carrierTrackingUrl', () => {
  it('gives no link for online/auto delivery', () => {
    expect(carrierTrackingUrl(Carrier.online, 'ANY123')).toBeNull();
  });

  it('gives no link without a tracking number or for an unknown carrier', () => {
    expect(carrierTrackingUrl(Carrier.sf, '')).toBeNull();
    expect(carrierTrackingUrl(Carrier.sf, '   ')).toBeNull();
    expect(carrierTrackingUrl(Carrier.sf, null)).toBeNull();
    expect(carrierTrackingUrl('pigeon', '123')).toBeNull();
    expect(carrierTrackingUrl('toString', '123')).toBeNull();
  });

  it('builds the public tracking page of each carrier', () => {
    expect(carrierTrackingUrl(Carrier.sf, 'SF1234567890')).toBe('https://www.sf-express.com/chn/en/waybill/waybill-detail/SF1234567890');
    expect(carrierTrackingUrl(Carrier.dhlExpress, '1234567890')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890',
    );
    expect(carrierTrackingUrl(Carrier.ems, 'EA123456789CN')).toBe('https://www.ems.com.cn/queryList?mailNum=EA123456789CN');
    expect(carrierTrackingUrl(Carrier.chinaPost, 'RR123456789CN')).toBe('https://www.ems.com.cn/queryList?mailNum=RR123456789CN');
    expect(carrierTrackingUrl(Carrier.hkPost, 'RR123456789HK')).toBe(
      'https://www.hongkongpost.hk/en/mail_tracking/index.html?trackingnumber=RR123456789HK',
    );
    expect(carrierTrackingUrl(Carrier.zto, '78123')).toBe('https://www.kuaidi100.com/chaxun?com=zhongtong&nu=78123');
    expect(carrierTrackingUrl(Carrier.aramex, '4079580059')).toBe('https://www.aramex.com/track/results?ShipmentNumber=4079580059');
  });

  it('links every carrier except online with an https URL carrying the number', () => {
    for (const carrier of Object.values(Carrier)) {
      if (carrier === Carrier.online) continue;
      const url = carrierTrackingUrl(carrier, 'NO42');
      expect(url, carrier).toMatch(/^https:\/\/[^/]+\/.*NO42/);
    }
  });

  it('trims and URL-encodes the tracking number', () => {
    expect(carrierTrackingUrl(Carrier.dhl, ' a b&c=d/e ')).toBe('https://www.dhl.com/global-en/home/tracking.html?tracking-id=a%20b%26c%3Dd%2Fe');
    expect(carrierTrackingUrl(Carrier.sf, '../x?y')).toBe('https://www.sf-express.com/chn/en/waybill/waybill-detail/..%2Fx%3Fy');
  });
});

describe('normalizeLanguage', () => {
  it('maps the Chinese variants to zh-Hans, case-insensitively', () => {
    for (const tag of ['zh', 'zh-TW', 'zh-CN', 'zh-HK', 'zh-Hans', 'ZH-cn', 'zh_CN', 'zh_tw', ' zh-hk ', 'zh-Hant-TW']) {
      expect(normalizeLanguage(tag), tag).toBe('zh-Hans');
    }
  });

  it('maps everything else to en', () => {
    expect(FALLBACK_LANGUAGE).toBe('en');
    for (const tag of ['en', 'en-US', 'fr', 'ja-JP', 'zhx', 'chinese', '', '  ', null, undefined]) {
      expect(normalizeLanguage(tag), String(tag)).toBe('en');
    }
  });

  it('reads the first tag of an Accept-Language header', () => {
    expect(normalizeLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-Hans');
    expect(normalizeLanguage('en-GB,zh-CN;q=0.5')).toBe('en');
  });
});

describe('enumTexts', () => {
  const allKeys = [
    ...Object.values(Role).map(roleLabelKey),
    ...Object.values(UserType).map(userTypeLabelKey),
    ...Object.values(EsimClass).map(esimClassLabelKey),
    ...Object.values(ActivationStatus).map(activationStatusLabelKey),
    ...Object.values(EsimRecordStatus).map(esimRecordStatusLabelKey),
    ...Object.values(EcodeStatus).map(ecodeStatusLabelKey),
    ...Object.values(InstallLogType).map(installLogTypeLabelKey),
    ...Object.values(OrderStatus).map(orderStatusLabelKey),
    ...Object.values(OrderListTab).map(orderListTabLabelKey),
    ...Object.values(Carrier).map(carrierLabelKey),
    ...Object.values(Language).map(languageLabelKey),
    ...Object.values(Currency).map(currencyLabelKey),
    // The paid step said for what an order delivers (orders.ts orderStatusLabelKeyFor).
    ...['pickup', 'esim', 'esim_addon', 'recharge', 'ecode', 'service', 'mixed'].map((k) => `enum.orderPaidStep.${k}`),
  ];

  it('has an English and a Chinese text for every label key, and no others', () => {
    expect(new Set(allKeys).size).toBe(allKeys.length);
    expect(Object.keys(enumTexts.en).sort()).toEqual([...allKeys].sort());
    expect(Object.keys(enumTexts['zh-Hans']).sort()).toEqual([...allKeys].sort());
    for (const key of allKeys) {
      expect(enumTexts.en[key], key).toMatch(/\S/);
      expect(enumTexts['zh-Hans'][key], key).toMatch(/\S/);
    }
  });

  it('uses natural wording', () => {
    expect(enumTexts.en['enum.orderStatus.paid']).toBe('Paid (awaiting shipment)');
    expect(enumTexts['zh-Hans']['enum.orderStatus.paid']).toBe('已付款（待发货）');
    expect(enumTexts.en['enum.carrier.sf']).toBe('SF Express');
    expect(enumTexts['zh-Hans']['enum.carrier.sf']).toBe('顺丰速运');
    expect(enumTexts['zh-Hans']['enum.role.reseller']).toBe('分销商');
  });
});
