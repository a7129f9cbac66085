import { countryName, destinationOfPath, destinationOfQuery, REGIONS, type Destination, type Language, type ProductSummary } from '@simshop/contract';

/**
 * Destinations: countries come from the catalogue's coverage (ISO codes); their names
 * from the contract's table of CLDR short names in both languages — nothing is fetched. Their
 * flags are pictures (components/flag.tsx).
 */

// Names, regions and the destination pages' addresses are the contract's: the console's coverage
// picker and the server (its pages' titles, the sitemap) use the same ones.
export { countryName, countriesOf, destinationLabel, destinationPath, regionByKey, REGIONS, type Destination, type Region } from '@simshop/contract';

/** Other names people type: the English and Chinese names come from the table, these add the rest. */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['uk', 'england', 'britain', 'great britain', '英国'],
  US: ['usa', 'america', 'united states', '美国'],
  KR: ['korea', '韩国'],
  CN: ['mainland', '大陆', '中国大陆'],
  HK: ['hongkong', '香港'],
  AE: ['uae', 'dubai', '迪拜'],
};

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

/** The destination a destination page shows: named by its address (`/esim/japan`) or, on the SPEC's page, its query. */
export function destinationOfPage(pathname: string, params: URLSearchParams): Destination | null {
  return destinationOfPath(pathname) ?? destinationOfQuery(params);
}
