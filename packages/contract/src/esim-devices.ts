/**
 * Which phones, tablets and watches can take an eSIM (the tools page's compatibility checker and
 * the storefront's eSIM hints). Data, not rules: one entry per model, searched by
 * `searchEsimDevices`. "depends" means the answer turns on where the device was bought (mainland
 * China and most Hong Kong/Macao iPhones have two physical SIM slots instead of an eSIM) or on
 * the carrier it was locked to; the reason says which, in both languages.
 */
export type EsimSupport = 'supported' | 'unsupported' | 'depends';

export interface EsimDevice {
  brand: string;
  model: string;
  aliases?: string[];
  support: EsimSupport;
  reason?: { en: string; zh: string };
}

type Reason = { en: string; zh: string };

const APPLE_CN_HK: Reason = {
  en: 'iPhones sold in mainland China, Hong Kong and Macao have two physical SIM slots and no eSIM; the same model bought elsewhere supports eSIM.',
  zh: '中国大陆、香港和澳门销售的该机型为双实体 SIM 卡槽，不支持 eSIM；在其他地区购买的同款机型支持 eSIM。',
};
const APPLE_CN: Reason = {
  en: 'The mainland China model has no eSIM; the same model bought in Hong Kong, Macao or elsewhere supports eSIM.',
  zh: '中国大陆版没有 eSIM；在香港、澳门或其他地区购买的同款机型支持 eSIM。',
};
const APPLE_CN_US_ONLY: Reason = {
  en: 'The US model is eSIM-only; models sold in mainland China, Hong Kong and Macao have two physical SIM slots and no eSIM; models from elsewhere support eSIM.',
  zh: '美版仅支持 eSIM；中国大陆、香港和澳门销售的机型为双实体 SIM 卡槽，不支持 eSIM；其他地区购买的机型支持 eSIM。',
};
const IPAD_CN: Reason = {
  en: 'Cellular iPads sold in mainland China have no eSIM; cellular models bought elsewhere support it. Wi-Fi-only iPads have no mobile data at all.',
  zh: '中国大陆销售的蜂窝版 iPad 不支持 eSIM；在其他地区购买的蜂窝版支持。仅 Wi-Fi 版 iPad 无法使用移动数据。',
};
const WATCH_CELLULAR: Reason = {
  en: 'Only the cellular (GPS + Cellular) model has an eSIM, and it shares the number of a paired phone through the carrier; it cannot install a data-only travel eSIM.',
  zh: '只有蜂窝版（GPS + 蜂窝网络）有 eSIM，且需通过运营商与配对手机共享号码；无法安装单独的流量 eSIM。',
};
const ANDROID_CN: Reason = {
  en: 'The mainland China model (and some Hong Kong models) has no eSIM; the global model supports it. Look for "Add eSIM" in the SIM settings.',
  zh: '中国大陆版（以及部分香港版）没有 eSIM；国际版支持。可在 SIM 卡设置中查看是否有“添加 eSIM”。',
};
const SAMSUNG_S20: Reason = {
  en: 'US and mainland China models have no eSIM; models sold in Europe, Hong Kong and most other regions support it.',
  zh: '美版和中国大陆版没有 eSIM；欧洲、香港及大多数其他地区销售的机型支持 eSIM。',
};
const SAMSUNG_CN: Reason = {
  en: 'The mainland China model has no eSIM; models sold elsewhere (including Hong Kong) support it.',
  zh: '中国大陆版没有 eSIM；在其他地区（包括香港）销售的机型支持 eSIM。',
};
const PIXEL_3: Reason = {
  en: 'Pixel 3 and 3 XL bought in Australia, Taiwan or Japan have no eSIM; others support it.',
  zh: '在澳大利亚、台湾或日本购买的 Pixel 3 / 3 XL 不支持 eSIM；其他地区购买的支持。',
};
const PIXEL_3A: Reason = {
  en: 'Pixel 3a bought in Japan or from Verizon has no usable eSIM; others support it.',
  zh: '在日本购买或 Verizon 定制的 Pixel 3a 无法使用 eSIM；其他版本支持。',
};
const PIXEL_FI: Reason = {
  en: 'The eSIM on this model works only with Google Fi; it cannot install other carriers\' eSIMs.',
  zh: '该机型的 eSIM 仅支持 Google Fi，无法安装其他运营商的 eSIM。',
};
const HUAWEI_GLOBAL: Reason = {
  en: 'Only the global model supports eSIM, and only with some carriers; the mainland China model has no eSIM.',
  zh: '仅国际版支持 eSIM，且只支持部分运营商；中国大陆版没有 eSIM。',
};
const NO_ESIM: Reason = {
  en: 'This model has no eSIM hardware; use a physical SIM card.',
  zh: '该机型没有 eSIM 硬件，请使用实体 SIM 卡。',
};

function models(brand: string, support: EsimSupport, names: readonly (string | [string, string[]])[], reason?: Reason): EsimDevice[] {
  return names.map((entry) => {
    const [model, aliases] = typeof entry === 'string' ? [entry, undefined] : entry;
    const device: EsimDevice = { brand, model, support };
    if (aliases) device.aliases = aliases;
    if (reason) device.reason = reason;
    return device;
  });
}

export const ESIM_DEVICES: readonly EsimDevice[] = Object.freeze([
  // Apple iPhone: eSIM from the XS / XR (2018) on.
  ...models('Apple', 'depends', [['iPhone XS', ['iPhone 10S']], ['iPhone SE (2nd generation)', ['iPhone SE 2', 'iPhone SE 2020']], 'iPhone 12 mini', 'iPhone 13 mini', ['iPhone SE (3rd generation)', ['iPhone SE 3', 'iPhone SE 2022']]], APPLE_CN),
  ...models('Apple', 'depends', [['iPhone XS Max', ['iPhone 10S Max']], ['iPhone XR', ['iPhone 10R']], 'iPhone 11', 'iPhone 11 Pro', 'iPhone 11 Pro Max', 'iPhone 12', 'iPhone 12 Pro', 'iPhone 12 Pro Max', 'iPhone 13', 'iPhone 13 Pro', 'iPhone 13 Pro Max'], APPLE_CN_HK),
  ...models('Apple', 'depends', ['iPhone 14', 'iPhone 14 Plus', 'iPhone 14 Pro', 'iPhone 14 Pro Max', 'iPhone 15', 'iPhone 15 Plus', 'iPhone 15 Pro', 'iPhone 15 Pro Max', 'iPhone 16', 'iPhone 16 Plus', 'iPhone 16 Pro', 'iPhone 16 Pro Max', 'iPhone 16e', 'iPhone 17', 'iPhone 17 Pro', 'iPhone 17 Pro Max'], APPLE_CN_US_ONLY),
  // eSIM-only everywhere, mainland China included (launched there with carrier eSIM support).
  ...models('Apple', 'supported', [['iPhone Air', ['iPhone 17 Air']]]),
  ...models('Apple', 'unsupported', [['iPhone X', ['iPhone 10']], 'iPhone 8', 'iPhone 8 Plus', 'iPhone 7', 'iPhone 7 Plus', 'iPhone 6s', 'iPhone 6s Plus', ['iPhone SE (1st generation)', ['iPhone SE 2016']]], NO_ESIM),
  // Apple iPad (cellular models).
  ...models('Apple', 'depends', ['iPad Pro 11-inch (1st generation and later)', 'iPad Pro 12.9-inch (3rd generation and later)', 'iPad Pro 13-inch (M4)', 'iPad Air (3rd generation and later)', 'iPad Air 11-inch (M2)', 'iPad Air 13-inch (M2)', 'iPad (7th generation and later)', 'iPad mini (5th generation and later)'], IPAD_CN),
  ...models('Apple', 'depends', [['Apple Watch Series 3 and later (cellular)', ['Apple Watch', 'iWatch']], ['Apple Watch Ultra', ['Apple Watch Ultra 2']]], WATCH_CELLULAR),

  // Google Pixel: eSIM from the Pixel 3 on (Pixel 1 and 2 only with Google Fi).
  ...models('Google', 'depends', ['Pixel 3', 'Pixel 3 XL'], PIXEL_3),
  ...models('Google', 'depends', ['Pixel 3a', 'Pixel 3a XL'], PIXEL_3A),
  ...models('Google', 'supported', ['Pixel 4', 'Pixel 4 XL', 'Pixel 4a', 'Pixel 4a 5G', 'Pixel 5', 'Pixel 5a', 'Pixel 6', 'Pixel 6 Pro', 'Pixel 6a', 'Pixel 7', 'Pixel 7 Pro', 'Pixel 7a', 'Pixel Fold', 'Pixel 8', 'Pixel 8 Pro', 'Pixel 8a', 'Pixel 9', 'Pixel 9 Pro', 'Pixel 9 Pro XL', 'Pixel 9 Pro Fold', 'Pixel 9a', 'Pixel 10', 'Pixel 10 Pro', 'Pixel 10 Pro XL']),
  ...models('Google', 'depends', ['Pixel 2', 'Pixel 2 XL'], PIXEL_FI),
  ...models('Google', 'unsupported', ['Pixel', 'Pixel XL'], NO_ESIM),

  // Samsung Galaxy: eSIM from the S20 / Note 20 / Z Flip on, except mainland China models.
  ...models('Samsung', 'depends', [['Galaxy S20', ['SM-G980', 'SM-G981']], ['Galaxy S20+', ['Galaxy S20 Plus', 'SM-G985', 'SM-G986']], ['Galaxy S20 Ultra', ['SM-G988']], ['Galaxy S20 FE', ['SM-G780']]], SAMSUNG_S20),
  ...models('Samsung', 'depends', [
    ['Galaxy S21', ['SM-G991']], ['Galaxy S21+', ['Galaxy S21 Plus', 'SM-G996']], ['Galaxy S21 Ultra', ['SM-G998']], ['Galaxy S21 FE', ['SM-G990']],
    ['Galaxy S22', ['SM-S901']], ['Galaxy S22+', ['Galaxy S22 Plus', 'SM-S906']], ['Galaxy S22 Ultra', ['SM-S908']],
    ['Galaxy S23', ['SM-S911']], ['Galaxy S23+', ['Galaxy S23 Plus', 'SM-S916']], ['Galaxy S23 Ultra', ['SM-S918']], ['Galaxy S23 FE', ['SM-S711']],
    ['Galaxy S24', ['SM-S921']], ['Galaxy S24+', ['Galaxy S24 Plus', 'SM-S926']], ['Galaxy S24 Ultra', ['SM-S928']], ['Galaxy S24 FE', ['SM-S721']],
    ['Galaxy S25', ['SM-S931']], ['Galaxy S25+', ['Galaxy S25 Plus', 'SM-S936']], ['Galaxy S25 Ultra', ['SM-S938']], ['Galaxy S25 Edge', ['SM-S937']],
    ['Galaxy Note 20', ['Galaxy Note20', 'SM-N980', 'SM-N981']], ['Galaxy Note 20 Ultra', ['Galaxy Note20 Ultra', 'SM-N985', 'SM-N986']],
    ['Galaxy Z Flip', ['SM-F700']], ['Galaxy Z Flip 5G', ['SM-F707']], ['Galaxy Z Flip3', ['Galaxy Z Flip 3']], ['Galaxy Z Flip4', ['Galaxy Z Flip 4']], ['Galaxy Z Flip5', ['Galaxy Z Flip 5']], ['Galaxy Z Flip6', ['Galaxy Z Flip 6']], ['Galaxy Z Flip7', ['Galaxy Z Flip 7']],
    ['Galaxy Z Fold2', ['Galaxy Z Fold 2', 'Galaxy Fold 2']], ['Galaxy Z Fold3', ['Galaxy Z Fold 3']], ['Galaxy Z Fold4', ['Galaxy Z Fold 4']], ['Galaxy Z Fold5', ['Galaxy Z Fold 5']], ['Galaxy Z Fold6', ['Galaxy Z Fold 6']], ['Galaxy Z Fold7', ['Galaxy Z Fold 7']],
    'Galaxy A54 5G', 'Galaxy A55 5G', 'Galaxy A35 5G', 'Galaxy A56 5G',
  ], SAMSUNG_CN),
  ...models('Samsung', 'unsupported', ['Galaxy S10', 'Galaxy S10+', 'Galaxy S10e', 'Galaxy S9', 'Galaxy S9+', 'Galaxy Note 10', 'Galaxy Note 10+', 'Galaxy A14', 'Galaxy A15', 'Galaxy A25'], NO_ESIM),

  // Huawei: eSIM only on a few global models.
  ...models('Huawei', 'depends', ['P40', 'P40 Pro', 'Mate 40 Pro'], HUAWEI_GLOBAL),
  ...models('Huawei', 'unsupported', ['P30', 'P30 Pro', 'P40 Pro+', 'P50 Pro', 'P60 Pro', 'Mate 30 Pro', 'Mate 50 Pro', 'Mate 60 Pro', 'Mate X5', 'Pura 70 Pro', 'nova 12'], NO_ESIM),
  ...models('Honor', 'depends', ['Magic4 Pro', 'Magic5 Pro', 'Magic6 Pro', 'Magic V2', 'Magic7 Pro'], ANDROID_CN),

  // Xiaomi: eSIM on selected global models.
  ...models('Xiaomi', 'depends', ['Xiaomi 12T Pro', 'Xiaomi 13', 'Xiaomi 13 Lite', 'Xiaomi 13T', 'Xiaomi 13T Pro', 'Xiaomi 14', 'Xiaomi 14T', 'Xiaomi 14T Pro', 'Xiaomi 15', 'Xiaomi 15 Ultra'], ANDROID_CN),
  ...models('Xiaomi', 'unsupported', ['Xiaomi 12', 'Redmi Note 12', 'Redmi Note 13', 'Redmi 13C', 'Redmi K70', 'POCO F5'], NO_ESIM),

  // OPPO, OnePlus, vivo, Motorola, Sony and others.
  ...models('OPPO', 'depends', ['Find X3 Pro', 'Find X5', 'Find X5 Pro', 'Find X8 Pro', 'Find N2 Flip', 'Reno5 A', 'Reno6 Pro 5G'], ANDROID_CN),
  ...models('OnePlus', 'depends', ['OnePlus 13', 'OnePlus 13R'], ANDROID_CN),
  ...models('OnePlus', 'unsupported', ['OnePlus 9', 'OnePlus 10 Pro', 'OnePlus 11', 'OnePlus 12', 'OnePlus Nord 3'], NO_ESIM),
  ...models('vivo', 'depends', ['X90 Pro', 'X100 Pro', 'X200 Pro'], ANDROID_CN),
  ...models('Motorola', 'supported', [['Razr (2019)', ['Moto Razr 2019']], ['Razr 5G', ['Moto Razr 5G']], 'Razr 40', 'Razr 40 Ultra', 'Razr 50', 'Razr 50 Ultra', 'Edge (2022)', 'Edge 40', 'Edge 40 Pro', 'Edge 50 Pro', 'Moto G Stylus 5G (2024)', 'Moto G54']),
  ...models('Sony', 'supported', ['Xperia 10 III Lite', 'Xperia 1 IV', 'Xperia 5 IV', 'Xperia 10 IV', 'Xperia 1 V', 'Xperia 5 V', 'Xperia 10 V', 'Xperia 1 VI', 'Xperia 10 VI']),
  ...models('Nokia', 'supported', ['XR21', 'X30', 'G60']),
  ...models('Fairphone', 'supported', ['Fairphone 4', 'Fairphone 5']),
  ...models('Nothing', 'supported', [['Phone (3)', ['Nothing Phone 3']]]),
  ...models('Nothing', 'unsupported', [['Phone (1)', ['Nothing Phone 1']], ['Phone (2)', ['Nothing Phone 2']]], NO_ESIM),
]);

/** Chinese brand names a customer may type instead of the English one. */
const BRAND_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Apple: ['苹果'],
  Google: ['谷歌'],
  Samsung: ['三星'],
  Huawei: ['华为'],
  Honor: ['荣耀'],
  Xiaomi: ['小米', 'mi', 'redmi', '红米'],
  OPPO: ['欧珀'],
  OnePlus: ['一加'],
  vivo: ['维沃'],
  Motorola: ['摩托罗拉', 'moto'],
  Sony: ['索尼'],
  Nokia: ['诺基亚'],
};

/** Lower case, no spaces, hyphens or brackets: "Galaxy S20+" and "galaxys20+" are the same. */
function normalise(value: string): string {
  return value.toLowerCase().replace(/[\s\-_()（）]+/g, '');
}

interface Indexed {
  device: EsimDevice;
  /** Every name the device answers to, normalised; the first is the model itself. */
  names: string[];
}

let index: Indexed[] | null = null;

function buildIndex(): Indexed[] {
  return ESIM_DEVICES.map((device) => {
    const brands = [device.brand, ...(BRAND_ALIASES[device.brand] ?? [])];
    const bases = [device.model, ...(device.aliases ?? [])];
    const names = new Set<string>();
    for (const base of bases) {
      names.add(normalise(base));
      // "三星 S23" and "Samsung S23" as well as "Samsung Galaxy S23": people drop the series word.
      const withoutSeries = base.includes(' ') ? base.slice(base.indexOf(' ') + 1) : base;
      for (const brand of brands) {
        names.add(normalise(`${brand} ${base}`));
        names.add(normalise(`${brand} ${withoutSeries}`));
      }
    }
    return { device, names: [...names] };
  });
}

/**
 * Devices whose model, brand + model or alias contains the query (ignoring case and spaces).
 * Exact names first, then names starting with the query, then the rest, each in list order.
 */
export function searchEsimDevices(query: string, limit = 10): EsimDevice[] {
  const q = normalise(query);
  if (q === '' || limit <= 0) return [];
  index ??= buildIndex();
  const ranked: { device: EsimDevice; rank: number; order: number }[] = [];
  index.forEach(({ device, names }, order) => {
    let rank = 3;
    for (const name of names) {
      if (name === q) rank = Math.min(rank, 0);
      else if (name.startsWith(q)) rank = Math.min(rank, 1);
      else if (name.includes(q)) rank = Math.min(rank, 2);
    }
    if (rank < 3) ranked.push({ device, rank, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.device);
}
