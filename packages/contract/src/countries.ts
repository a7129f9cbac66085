import type { Language } from './language.ts';

/**
 * Countries and regions a travel plan can cover (issue 11): ISO 3166-1 alpha-2 codes, plus XK
 * (Kosovo, the code operators and roaming lists use). Only codes travel here: names come from
 * the browser's own Intl data in the reader's language and flags from Unicode regional
 * indicators, so no name list is shipped. Shared by the shop's destination search, the
 * console's coverage picker and the server's check of what the console saves.
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

/** 🇯🇵 for 'JP'. Phones draw it as a flag; a system without flag glyphs shows the two letters. */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
function namesIn(lang: Language, style: 'short' | 'long'): Intl.DisplayNames | null {
  const key = `${lang} ${style}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([lang === 'zh-Hans' ? 'zh-Hans' : 'en'], { type: 'region', style }));
    } catch {
      displayNames.set(key, null);
    }
  }
  return displayNames.get(key) ?? null;
}

/**
 * Creates the names in a language ahead of use. The first Intl.DisplayNames a page creates loads
 * the runtime's region names (17 ms here, 70 ms on a slow phone's CPU): called in a task of its
 * own at start-up, that cost no longer adds to the render that first shows a country.
 */
export function prepareCountryNames(lang: Language): void {
  namesIn(lang, 'short');
}

/**
 * "Japan" / "日本"; the code itself where the runtime has no name. Short names ("US", "UK") suit
 * the shop's chips; a picker to search in takes the long ones ("United States").
 */
export function countryName(code: string, lang: Language, style: 'short' | 'long' = 'short'): string {
  try {
    return namesIn(lang, style)?.of(code) ?? code;
  } catch {
    return code;
  }
}
