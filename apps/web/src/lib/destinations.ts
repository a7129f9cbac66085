import { countryName, type Language, type ProductSummary } from '@simshop/contract';

/**
 * Destinations: countries come from the catalogue's coverage (ISO codes); their names
 * from the contract's table of CLDR short names in both languages — nothing is fetched. Their
 * flags are pictures (components/flag.tsx).
 */

// Names are the contract's: the console's coverage picker writes the same ones.
export { countryName };

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

/** Other names people type: the English and Chinese names come from the table, these add the rest. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['uk', 'england', 'britain', 'great britain', '英国'],
  US: ['usa', 'america', 'united states', '美国'],
  KR: ['korea', '韩国'],
  CN: ['mainland', '大陆', '中国大陆'],
  HK: ['hongkong', '香港'],
  AE: ['uae', 'dubai', '迪拜'],
};

/** Where a search can lead: one country, or a region's countries. */
export type Destination = { kind: 'country'; code: string } | { kind: 'region'; key: string };

export interface DestinationHit {
  destination: Destination;
  label: string;
  plans: number;
}

/** Every country some product on sale covers, with how many plans cover it. */
export function coveredCountries(products: readonly Pick<ProductSummary, 'coverage'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of products) for (const code of new Set(p.coverage)) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
}

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

const normalise = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * Destinations matching what was typed, in either language: names starting with it first, then
 * names containing it; only places some plan covers. Regions come before countries on a tie.
 */
export function searchDestinations(query: string, products: readonly Pick<ProductSummary, 'coverage'>[], lang: Language, limit = 8): DestinationHit[] {
  const q = normalise(query);
  if (!q) return [];
  const covered = coveredCountries(products);
  const scored: Array<{ hit: DestinationHit; score: number }> = [];
  const score = (names: string[]) => {
    let best = 0;
    for (const name of names.map(normalise)) {
      if (name === q) return 3;
      if (name.startsWith(q) || name.split(/[\s&-]+/).some((w) => w.startsWith(q))) best = Math.max(best, 2);
      else if (name.includes(q)) best = Math.max(best, 1);
    }
    return best;
  };
  for (const region of REGIONS) {
    const plans = products.filter((p) => p.coverage.some((c) => region.countries.includes(c))).length;
    const s = plans ? score([region.name.en, region.name['zh-Hans']]) : 0;
    if (s) scored.push({ hit: { destination: { kind: 'region', key: region.key }, label: region.name[lang], plans }, score: s + 0.5 });
  }
  for (const [code, plans] of covered) {
    const s = score([code, countryName(code, 'en'), countryName(code, 'zh-Hans'), ...(ALIASES[code] ?? [])]);
    if (s) scored.push({ hit: { destination: { kind: 'country', code }, label: countryName(code, lang), plans }, score: s });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.hit.label.localeCompare(b.hit.label, lang))
    .slice(0, limit)
    .map((s) => s.hit);
}

/** The query string of the destination page. */
export const destinationQuery = (d: Destination) => (d.kind === 'country' ? { country: d.code } : { region: d.key });

/** Read back from the destination page's query; null when it names nothing we know. */
export function destinationFromQuery(params: URLSearchParams): Destination | null {
  const country = params.get('country');
  if (country && /^[A-Z]{2}$/.test(country)) return { kind: 'country', code: country };
  const region = params.get('region');
  if (region && regionByKey(region)) return { kind: 'region', key: region };
  return null;
}
