import type { Destination } from '@/lib/destinations';

const FLAGS = `${import.meta.env.BASE_URL}flags/`;

/**
 * A country's flag, a small picture from public/flags (tools/generate-flags.ts): Windows draws no
 * flag emoji, and the emoji font is the slowest thing a first layout loads. Decorative:
 * the country's name is always written beside it.
 */
export function Flag({ code }: { code: string }) {
  return <img className="flag" src={`${FLAGS}${code.toLowerCase()}.webp`} alt="" width={64} height={48} decoding="async" loading="lazy" />;
}

/** A region's sign: a globe drawn in the text colour, in a flag's box. */
export function GlobeIcon() {
  return (
    <svg className="flag flag--globe" viewBox="0 0 32 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.6">
        <circle cx="16" cy="12" r="10.2" />
        <ellipse cx="16" cy="12" rx="4.6" ry="10.2" />
        <path d="M5.8 12h20.4M7.6 6.6h16.8M7.6 17.4h16.8" />
      </g>
    </svg>
  );
}

/** The flag of a country, the globe of a region. */
export function DestinationIcon({ destination }: { destination: Destination }) {
  return destination.kind === 'country' ? <Flag code={destination.code} /> : <GlobeIcon />;
}
