/**
 * Labels' colours: short bilingual tags the owner puts on products ("Hotspot", "24 h"), each
 * with a colour. The shop draws a label as white text on its colour, so a colour is accepted only
 * when white text on it keeps the WCAG AA contrast of 4.5:1 (`labelColorReadable`); the console
 * checks as it is typed, the server refuses the rest.
 */
export const LABEL_TEXT_MAX = 20;
export const LABEL_MIN_CONTRAST = 4.5;
/** The text colour every label is drawn in. */
export const LABEL_TEXT_COLOR = '#ffffff';

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const labelColorReadable = (color: string) => contrastRatio(color, LABEL_TEXT_COLOR) >= LABEL_MIN_CONTRAST;
