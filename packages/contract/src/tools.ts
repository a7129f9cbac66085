import { z } from 'zod';
import { currencyField, i18nField } from './catalogue.ts';
import { isEid, luhnValid } from './validation.ts';
import { currencySchema } from './enums.ts';
import { TOOL_IDS } from './tool-list.ts';

/**
 * The tools plugin: small helpers on /pages/tools/*. Which tools exist is this list
 * (the web app's registry gives each its name, icon and page); which are shown, and in which
 * order, is the owner's setting (`tools.list`, console `adminTools`). The rules the tools apply
 * live here so the browser and the tests agree on them.
 */
export { AVAILABLE_TOOL_IDS, TOOL_IDS, TOOLS, type ToolDef, type ToolIcon, type ToolId } from './tool-list.ts';

export const toolIdSchema = z.enum(TOOL_IDS);

export const toolListResponse = z.object({
  /** The enabled tools in the owner's order. */
  items: z.array(z.object({ id: toolIdSchema })),
});

// ---------------------------------------------------------------------------------------------
// Data estimator

/** What an hour of each activity uses, in MB (typical phone-app figures, rounded up). */
export const USAGE_MB_PER_HOUR = { maps: 20, social: 150, video: 700 } as const;
/** Messaging, mail, updates and background traffic every day, whatever the profile. */
export const BASE_MB_PER_DAY = 50;
/** Head-room so a plan does not run out on the last day. */
export const ESTIMATE_MARGIN = 1.2;
export const TRIP_DAYS_MAX = 365;
export const HOURS_MAX = 24;

const hours = z.number({ error: 'validation.invalid' }).min(0, 'validation.invalid').max(HOURS_MAX, 'validation.invalid');
export const tripProfileSchema = z.object({
  days: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(TRIP_DAYS_MAX, 'validation.invalid'),
  /** Hours per day of each activity. */
  maps: hours,
  social: hours,
  video: hours,
});
export type TripProfile = z.infer<typeof tripProfileSchema>;

/** The data a trip needs, in MB, rounded up to the next half GB (512 MB). */
export function estimateTripMb(profile: TripProfile): number {
  const perDay = BASE_MB_PER_DAY + profile.maps * USAGE_MB_PER_HOUR.maps + profile.social * USAGE_MB_PER_HOUR.social + profile.video * USAGE_MB_PER_HOUR.video;
  const total = perDay * profile.days * ESTIMATE_MARGIN;
  return Math.ceil(total / 512) * 512;
}

/**
 * What a plan's option text offers ("10 GB", "30GB+100分钟", "7 days", "30天", "Unlimited"):
 * data in MB (null: not said; Infinity: unlimited) and days (null: not said).
 */
export function planAllowance(text: string): { mb: number | null; days: number | null } {
  const data = /(\d+(?:\.\d+)?)\s*(GB|MB|G)\b|(\d+(?:\.\d+)?)\s*(GB|MB|G)(?=[^A-Za-z]|$)/i.exec(text);
  let mb: number | null = null;
  if (data) {
    const amount = Number(data[1] ?? data[3]);
    const unit = (data[2] ?? data[4] ?? '').toUpperCase();
    mb = unit === 'MB' ? amount : amount * 1024;
  } else if (/unlimited|无限/i.test(text)) mb = Number.POSITIVE_INFINITY;
  const day = /(\d+)\s*(?:days?|天)/i.exec(text);
  return { mb, days: day ? Number(day[1]) : null };
}

export const dataPlansRequest = z.object({
  i18n: i18nField,
  /** The currency the plans are priced in where they have a price in it (the one chosen in Mine). */
  currency: currencyField,
  /** Trip length and estimated need (from `estimateTripMb`). */
  days: z.number().int().min(1).max(TRIP_DAYS_MAX),
  mb: z.number().int().min(0).max(10_000_000),
});
export const dataPlanSchema = z.object({
  productId: z.number().int(),
  skuId: z.number().int(),
  name: z.string(),
  /** The SKU's options joined ("10 GB · 30 days"). */
  option: z.string(),
  /** null: unlimited. */
  dataMb: z.number().int().nullable(),
  days: z.number().int(),
  price: z.number().int(),
  currency: currencySchema,
});
export type DataPlan = z.infer<typeof dataPlanSchema>;
export const dataPlansResponse = z.object({ items: z.array(dataPlanSchema) });

// ---------------------------------------------------------------------------------------------
// APN settings

export interface ApnSetting {
  operator: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  apn: string;
  username?: string;
  password?: string;
}

/**
 * The operators' published internet APNs, for the networks the catalogue's plans use (their
 * `travel.networks`). Only operators listed here are shown; the rest set theirs over the air.
 */
export const APN_SETTINGS: readonly ApnSetting[] = [
  { operator: 'China Unicom', country: 'CN', apn: '3gnet' },
  { operator: 'China Mobile', country: 'CN', apn: 'cmnet' },
  { operator: 'China Telecom', country: 'CN', apn: 'ctnet' },
  { operator: 'CSL', country: 'HK', apn: 'mobile' },
  { operator: '3', country: 'HK', apn: 'mobile.three.com.hk' },
  { operator: 'SoftBank', country: 'JP', apn: 'plus.4g', username: 'plus', password: '4g' },
  { operator: 'KDDI', country: 'JP', apn: 'uno.au-net.ne.jp', username: '685840734641020@uno.au-net.ne.jp', password: 'KpyrR6BP' },
  { operator: 'SK Telecom', country: 'KR', apn: 'lte.sktelecom.com' },
  { operator: 'KT', country: 'KR', apn: 'lte.ktfwing.com' },
  { operator: 'Singtel', country: 'SG', apn: 'e-ideas' },
  { operator: 'StarHub', country: 'SG', apn: 'shwapint' },
  { operator: 'AIS', country: 'TH', apn: 'internet' },
  { operator: 'dtac', country: 'TH', apn: 'www.dtac.co.th' },
  { operator: 'T-Mobile', country: 'US', apn: 'fast.t-mobile.com' },
  { operator: 'AT&T', country: 'US', apn: 'nxtgenphone' },
  { operator: 'EE', country: 'GB', apn: 'everywhere', username: 'eesecure', password: 'secure' },
  { operator: 'Vodafone', country: 'GB', apn: 'pp.vodafone.co.uk', username: 'wap', password: 'wap' },
  { operator: 'Optus', country: 'AU', apn: 'yesinternet' },
  { operator: 'Orange', country: 'FR', apn: 'orange', username: 'orange', password: 'orange' },
  { operator: 'Telekom', country: 'DE', apn: 'internet.telekom', username: 'telekom', password: 'tm' },
  { operator: 'Vodafone', country: 'DE', apn: 'web.vodafone.de' },
  { operator: 'Movistar', country: 'ES', apn: 'telefonica.es', username: 'telefonica', password: 'telefonica' },
  { operator: 'TIM', country: 'IT', apn: 'ibox.tim.it' },
];

export const apnSettingSchema = z.object({
  operator: z.string(),
  country: z.string(),
  apn: z.string(),
  username: z.string().nullable(),
  password: z.string().nullable(),
});
export const apnListResponse = z.object({ items: z.array(apnSettingSchema) });

// ---------------------------------------------------------------------------------------------
// Number checker

/** ITU-T E.164 country codes that appear in ICCIDs and EIDs, with the country's ISO code. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  '1': 'US', '7': 'RU', '31': 'NL', '33': 'FR', '34': 'ES', '39': 'IT', '41': 'CH', '44': 'GB', '46': 'SE', '49': 'DE',
  '60': 'MY', '61': 'AU', '62': 'ID', '63': 'PH', '64': 'NZ', '65': 'SG', '66': 'TH', '81': 'JP', '82': 'KR', '84': 'VN',
  '86': 'CN', '91': 'IN', '852': 'HK', '853': 'MO', '886': 'TW', '971': 'AE',
};

/** Card issuers by ICCID prefix (longest first wins). */
const ICCID_ISSUERS: readonly { prefix: string; issuer: string }[] = [
  { prefix: '898600', issuer: 'China Mobile' },
  { prefix: '898602', issuer: 'China Mobile' },
  { prefix: '898604', issuer: 'China Mobile' },
  { prefix: '898607', issuer: 'China Mobile' },
  { prefix: '898608', issuer: 'China Mobile' },
  { prefix: '898601', issuer: 'China Unicom' },
  { prefix: '898606', issuer: 'China Unicom' },
  { prefix: '898609', issuer: 'China Unicom' },
  { prefix: '898603', issuer: 'China Telecom' },
  { prefix: '898605', issuer: 'China Telecom' },
  { prefix: '898611', issuer: 'China Telecom' },
  { prefix: '8944', issuer: 'JT (Jersey Telecom)' },
];

/** The bodies that hand out IMEI type allocation codes, by the TAC's first two digits. */
const IMEI_REPORTING_BODIES: Readonly<Record<string, string>> = {
  '01': 'PTCRB (USA)',
  '35': 'BABT (UK)',
  '86': 'TAF (China)',
  '99': 'GHA (Global Hexadecimal Administrator)',
};

export type NumberKind = 'imei' | 'iccid' | 'eid' | 'unknown';

export interface NumberCheck {
  kind: NumberKind;
  /** The digits read (spaces and dashes dropped). */
  digits: string;
  /** Whether the check digits hold (Luhn for IMEI and ICCID, mod 97 for EID); null when unknown. */
  valid: boolean | null;
  /** The check digit(s) the rest of the number calls for. */
  expectedCheck: string | null;
  /** ISO country of the ICCID's or EID's country code. */
  country: string | null;
  /** The country code as written in the number. */
  countryCode: string | null;
  /** ICCID: the card issuer when known; EID: the eUICC issuer's number. */
  issuer: string | null;
  /** IMEI: the type allocation code (model) and who issued it. */
  tac: string | null;
  reportingBody: string | null;
}

function luhnDigitFor(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  return '0';
}

/** The two ISO 7064 mod 97-10 check digits that make a 30-digit EID body mod 97 = 1. */
function eidCheckFor(body: string): string {
  const check = 98n - ((BigInt(body) * 100n) % 97n);
  return check.toString().padStart(2, '0');
}

function callingCode(rest: string): { code: string; country: string } | null {
  for (const length of [3, 2, 1]) {
    const code = rest.slice(0, length);
    const country = CALLING_CODES[code];
    if (country) return { code, country };
  }
  return null;
}

/**
 * What a pasted number is: 15 digits an IMEI (Luhn), 32 digits an EID (mod 97), 18–22 digits
 * starting 89 an ICCID (Luhn over every digit). Spaces and dashes are ignored.
 */
export function checkNumber(raw: string): NumberCheck {
  const digits = raw.replace(/[\s-]+/g, '');
  const base: NumberCheck = { kind: 'unknown', digits, valid: null, expectedCheck: null, country: null, countryCode: null, issuer: null, tac: null, reportingBody: null };
  if (!/^\d+$/.test(digits)) return base;
  if (digits.length === 15) {
    const tac = digits.slice(0, 8);
    return { ...base, kind: 'imei', valid: luhnValid(digits), expectedCheck: luhnDigitFor(digits.slice(0, 14)), tac, reportingBody: IMEI_REPORTING_BODIES[tac.slice(0, 2)] ?? null };
  }
  if (digits.length === 32 && digits.startsWith('89')) {
    // EID (GSMA SGP.29): 89, a 3-digit country code, a 3-digit issuer number, …, 2 check digits.
    const code = digits.slice(2, 5);
    const country = CALLING_CODES[String(Number(code))] ?? null;
    return { ...base, kind: 'eid', valid: isEid(digits), expectedCheck: eidCheckFor(digits.slice(0, 30)), country, countryCode: code, issuer: digits.slice(5, 8) };
  }
  if (digits.length >= 18 && digits.length <= 22 && digits.startsWith('89')) {
    const cc = callingCode(digits.slice(2));
    const issuer = ICCID_ISSUERS.filter((i) => digits.startsWith(i.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.issuer ?? null;
    return { ...base, kind: 'iccid', valid: luhnValid(digits), expectedCheck: luhnDigitFor(digits.slice(0, -1)), country: cc?.country ?? null, countryCode: cc?.code ?? null, issuer };
  }
  return base;
}
