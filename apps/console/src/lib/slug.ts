/**
 * Slugs the console makes from a typed name or title (product keys, blog slugs): lowercase ASCII
 * words joined by hyphens, accents dropped. Own code, a dozen lines: no transliteration (a
 * Chinese-only text gives '', and the caller falls back to `datedSlug`); pinyin would need a
 * dictionary library for a field the owner can edit anyway.
 */
export function slugFromText(text: string, max = 64): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** A slug for a text without ASCII words: a prefix, the day and four random letters, e.g. `post-20261203-k3f9`. */
export function datedSlug(prefix: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}-${day}-${Math.random().toString(36).slice(2, 6).padEnd(4, '0')}`;
}
