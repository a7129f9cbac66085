import { COUNTRY_NAMES_EN, COUNTRY_NAMES_ZH_HANS } from './country-names.ts';
import type { Language } from './language.ts';

/**
 * Countries and regions a travel plan can cover: ISO 3166-1 alpha-2 codes, plus XK
 * (Kosovo, the code operators and roaming lists use). Only codes travel on the wire: short names
 * come from a table generated from CLDR (country-names.ts), long ones from the runtime's Intl
 * data; flags are pictures the shop serves (apps/web/public/flags, one per code). Shared by the
 * shop's destination search, the console's coverage picker and the server's check of what the
 * console saves.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES);
export const isCountryCode = (code: string) => KNOWN.has(code);

const shortNames = new Map<Language, ReadonlyMap<string, string>>();
function shortNamesIn(lang: Language): ReadonlyMap<string, string> {
  let names = shortNames.get(lang);
  if (!names) {
    const list = (lang === 'zh-Hans' ? COUNTRY_NAMES_ZH_HANS : COUNTRY_NAMES_EN).split('|');
    names = new Map(COUNTRY_CODES.map((code, i) => [code, list[i] ?? code]));
    shortNames.set(lang, names);
  }
  return names;
}

const longNames = new Map<Language, Intl.DisplayNames | null>();
function longNamesIn(lang: Language): Intl.DisplayNames | null {
  if (!longNames.has(lang)) {
    try {
      longNames.set(lang, new Intl.DisplayNames([lang === 'zh-Hans' ? 'zh-Hans' : 'en'], { type: 'region', style: 'long' }));
    } catch {
      longNames.set(lang, null);
    }
  }
  return longNames.get(lang) ?? null;
}

/**
 * "Japan" / "日本"; the code itself where there is no name. Short names ("US", "UK") suit the
 * shop's chips, from the table; a picker to search in takes the long ones ("United States").
 */
export function countryName(code: string, lang: Language, style: 'short' | 'long' = 'short'): string {
  if (style === 'short') return shortNamesIn(lang).get(code) ?? code;
  try {
    return longNamesIn(lang)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Names people type for a country that are none of its CLDR names (keys as `nameKey` makes them). */
const NAME_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US', unitedstates: 'US', unitedstatesofamerica: 'US', america: 'US', 美国: 'US',
  unitedkingdom: 'GB', greatbritain: 'GB', britain: 'GB', england: 'GB', scotland: 'GB', wales: 'GB', northernireland: 'GB', 英国: 'GB',
  prc: 'CN', peoplesrepublicofchina: 'CN', mainlandchina: 'CN', chinamainland: 'CN', 中国大陆: 'CN', 中华人民共和国: 'CN', 中国内地: 'CN',
  hongkongsar: 'HK', hongkongchina: 'HK', 中国香港: 'HK', macao: 'MO', macau: 'MO', macaosar: 'MO', 中国澳门: 'MO', 中国台湾: 'TW',
  southkorea: 'KR', korea: 'KR', 韩国: 'KR', uae: 'AE',
};

/** Case, spaces and punctuation do not matter in a typed country name. */
const nameKey = (name: string) => name.toLowerCase().replace(/[\s.,'’()&-]+/g, '');

let byName: Map<string, string> | null = null;

/**
 * The code of a country as a person types it in an address: a code ("CN"), its short name in
 * English or Chinese ("Hong Kong", "中国") or a usual other name ("USA", "Mainland China");
 * null when the name is none of those.
 */
export function countryCodeOf(name: string): string | null {
  const typed = name.trim();
  if (/^[A-Za-z]{2}$/.test(typed) && isCountryCode(typed.toUpperCase())) return typed.toUpperCase();
  if (!byName) {
    byName = new Map(Object.entries(NAME_ALIASES));
    for (const lang of ['en', 'zh-Hans'] as const) for (const code of COUNTRY_CODES) byName.set(nameKey(countryName(code, lang)), code);
  }
  return byName.get(nameKey(typed)) ?? null;
}
