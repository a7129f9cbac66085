import { COUNTRY_CODES, countryName, isCountryCode } from './countries.ts';
import type { Language } from './language.ts';

/**
 * Where a traveller goes: one country, or a region (any of its countries). Each has a page of the
 * plans that cover it at a readable address below the shop's base (`/esim/japan`, `/esim/asia`),
 * the entry point from search engines; the SPEC's `/pages/goods/destination?country=JP` shows the
 * same page and names that address as its canonical one.
 */
export type Destination = { kind: 'country'; code: string } | { kind: 'region'; key: string };

export interface Region {
  key: string;
  name: Record<Language, string>;
  countries: readonly string[];
}

/** Regions a traveller searches by; a region's plans are those covering any of its countries. */
export const REGIONS: readonly Region[] = [
  { key: 'asia', name: { en: 'Asia', 'zh-Hans': '亚洲' }, countries: ['CN', 'HK', 'MO', 'TW', 'JP', 'KR', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'KH', 'LA', 'MM', 'IN', 'LK', 'BD', 'NP', 'PK', 'MN', 'KZ', 'UZ', 'KG'] },
  { key: 'europe', name: { en: 'Europe', 'zh-Hans': '欧洲' }, countries: ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IS', 'IE', 'IT', 'LV', 'LI', 'LT', 'LU', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'CH', 'GB', 'AL', 'UA', 'MD', 'RS', 'BA', 'ME', 'MK', 'BY'] },
  { key: 'americas', name: { en: 'Americas', 'zh-Hans': '美洲' }, countries: ['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'EC', 'UY', 'PY', 'BO', 'CR', 'PA', 'GT', 'SV', 'HN', 'NI', 'DO', 'PR', 'JM'] },
  { key: 'middle-east-africa', name: { en: 'Middle East & Africa', 'zh-Hans': '中东和非洲' }, countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'JO', 'IL', 'TR', 'GE', 'AM', 'AZ', 'EG', 'MA', 'TN', 'DZ', 'ZA', 'KE', 'TZ', 'UG', 'RW', 'NG', 'GH', 'CI', 'SN', 'CM', 'ZM', 'MW', 'MZ', 'MG', 'MU', 'BW', 'NA', 'ET'] },
  { key: 'oceania', name: { en: 'Oceania', 'zh-Hans': '大洋洲' }, countries: ['AU', 'NZ', 'FJ'] },
];

export function regionByKey(key: string): Region | undefined {
  return REGIONS.find((r) => r.key === key);
}

/** The countries a destination stands for. */
export function countriesOf(destination: Destination): string[] {
  if (destination.kind === 'country') return [destination.code];
  return [...(regionByKey(destination.key)?.countries ?? [])];
}

export function destinationLabel(destination: Destination, lang: Language): string {
  return destination.kind === 'country' ? countryName(destination.code, lang) : (regionByKey(destination.key)?.name[lang] ?? destination.key);
}

/** Where the destination pages live below the shop's base. */
export const DESTINATION_PAGES_PATH = '/esim';

/** The English short names that are abbreviations: a page's address spells them out. */
const SLUG_NAMES: Readonly<Record<string, string>> = { US: 'united-states', GB: 'united-kingdom', AE: 'united-arab-emirates', BA: 'bosnia-and-herzegovina' };

/** "Côte d’Ivoire" → "cote-divoire", "St. Kitts & Nevis" → "st-kitts-and-nevis". */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f’']/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

let countryBySlug: Map<string, string> | null = null;

/** `japan`, `south-korea`, `united-states`; a region's key (`asia`). */
export function destinationSlug(destination: Destination): string {
  if (destination.kind === 'region') return destination.key;
  return SLUG_NAMES[destination.code] ?? slugOf(countryName(destination.code, 'en'));
}

/** The destination page's address below the shop's base: `/esim/japan`. */
export const destinationPath = (destination: Destination) => `${DESTINATION_PAGES_PATH}/${destinationSlug(destination)}`;

/** The destination an address below the base names (`/esim/japan`, a trailing slash or any case too); null for any other. */
export function destinationOfPath(path: string): Destination | null {
  const match = new RegExp(`^${DESTINATION_PAGES_PATH}/([^/?#]+)/?$`).exec(path);
  if (!match) return null;
  const slug = decodeURIComponent(match[1]!).toLowerCase();
  if (regionByKey(slug)) return { kind: 'region', key: slug };
  countryBySlug ??= new Map(COUNTRY_CODES.map((code) => [destinationSlug({ kind: 'country', code }), code]));
  const code = countryBySlug.get(slug);
  return code ? { kind: 'country', code } : null;
}

/** The destination the SPEC's page names in its query (`?country=JP`, `?region=asia`); null when none we know. */
export function destinationOfQuery(params: URLSearchParams): Destination | null {
  const country = params.get('country');
  if (country && isCountryCode(country)) return { kind: 'country', code: country };
  const region = params.get('region');
  if (region && regionByKey(region)) return { kind: 'region', key: region };
  return null;
}
