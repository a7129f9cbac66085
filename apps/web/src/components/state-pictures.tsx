/*
 * The pictures of the empty and error states: the shop's own line drawings in its colours, a few
 * hundred bytes each, instead of antd-mobile's two illustrations (5.4 KB of the first screen).
 */

const LINE = '#c9c9c9';
const SHADOW = '#f0f0f0';
const TINT = 'var(--brand-tint, #fff6d6)';
const BRAND = 'var(--brand, #f5b800)';

/** An open, empty parcel. */
export const emptyPicture = (
  <svg viewBox="0 0 120 100" width="120" height="100" aria-hidden="true" focusable="false">
    <ellipse cx="60" cy="88" rx="44" ry="6" fill={SHADOW} />
    <path d="M22 52 36 28h48l14 24v28a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4z" fill={TINT} stroke={LINE} strokeWidth="2" strokeLinejoin="round" />
    <path d="M22 52h24a14 8 0 0 0 28 0h24" fill="none" stroke={LINE} strokeWidth="2" strokeLinejoin="round" />
    <path d="m51 13 3 8m15-8-3 8m-6-12v10" stroke={BRAND} strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

/** A SIM card with a warning sign. */
export const errorPicture = (
  <svg viewBox="0 0 120 100" width="120" height="100" aria-hidden="true" focusable="false">
    <ellipse cx="60" cy="90" rx="40" ry="5" fill={SHADOW} />
    <path d="M40 12h32l14 14v54a4 4 0 0 1-4 4H40a4 4 0 0 1-4-4V16a4 4 0 0 1 4-4z" fill={TINT} stroke={LINE} strokeWidth="2" strokeLinejoin="round" />
    <circle cx="61" cy="50" r="16" fill={BRAND} />
    <path d="M61 41v11" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    <circle cx="61" cy="59" r="2.5" fill="#fff" />
  </svg>
);
