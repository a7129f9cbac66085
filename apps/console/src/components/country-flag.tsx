import { runtime } from '@/config/runtime';

/**
 * A country's flag: the shop's own picture of it (apps/web/public/flags, 250 of them, from
 * tools/generate-flags.ts), served with the shop. Flag emoji are two letters on Windows, where
 * many shop owners work. Decorative: the country's name is always written beside it.
 */
export function CountryFlag({ code }: { code: string }) {
  return <img className="country-flag" src={`${runtime.shopBase}/flags/${code.toLowerCase()}.webp`} alt="" width={20} height={15} loading="lazy" decoding="async" />;
}
