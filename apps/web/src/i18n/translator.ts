import type { Language } from '@simshop/contract';

/*
 * The shop's texts in its two languages. Why our own: i18next with react-i18next costs 21.3 KB
 * brotli of the first screen against this one's 1.3 KB (docs/decisions.md). The shop uses flat
 * dotted keys, `{{name}}` values and `_one` / `_other` plurals, which is all this does; what it does
 * not do: nesting, context, formatting functions, namespaces, missing-key reporting, languages
 * beyond the two loaded ones. The console keeps i18next.
 */

export type Texts = Record<string, string>;
export type TranslateOptions = Readonly<Record<string, unknown>> & { readonly count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;

const VALUE = /\{\{\s*([\w.-]+)\s*\}\}/g;

export class Translator {
  private readonly texts: Record<Language, Texts>;
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<Language, Intl.PluralRules>();
  private current: Language;
  /** Changes whenever the language or the texts change, so React knows when to re-render. */
  private revision = 0;

  constructor(
    texts: Record<Language, Texts>,
    language: Language,
    private readonly fallback: Language,
  ) {
    // Taken over, not copied: the texts of both languages are thousands of keys.
    this.texts = texts;
    this.current = language;
  }

  get language(): Language {
    return this.current;
  }

  /** The text of a key in the current language (else the fallback's, else the key itself). */
  readonly t: Translate = (key, options) => this.translate(this.current, key, options);

  /** The same in a given language. */
  translate(lang: Language, key: string, options?: TranslateOptions): string {
    const text = this.lookUp(lang, key, options?.count) ?? (lang === this.fallback ? undefined : this.lookUp(this.fallback, key, options?.count));
    if (text === undefined) return key;
    if (!options) return text;
    // A value the caller did not give stays visible as {{name}}: a bug to see, not a blank.
    return text.replace(VALUE, (whole, name: string) => (options[name] === undefined || options[name] === null ? whole : String(options[name])));
  }

  exists(key: string): boolean {
    return this.lookUp(this.current, key, undefined) !== undefined || this.lookUp(this.fallback, key, undefined) !== undefined;
  }

  /** Adds texts of one language (the deferred contract texts, the pages' texts). */
  addTexts(lang: Language, texts: Texts): void {
    Object.assign(this.texts[lang], texts);
    this.changed();
  }

  changeLanguage(lang: Language): void {
    if (lang === this.current) return;
    this.current = lang;
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getRevision = (): number => this.revision;

  private changed(): void {
    this.revision += 1;
    for (const listener of [...this.listeners]) listener();
  }

  private lookUp(lang: Language, key: string, count: number | undefined): string | undefined {
    const texts = this.texts[lang];
    if (!texts) return undefined;
    if (typeof count === 'number') {
      const form = texts[`${key}_${this.pluralRules(lang).select(count)}`];
      if (form !== undefined) return form;
    }
    return texts[key];
  }

  private pluralRules(lang: Language): Intl.PluralRules {
    let rules = this.plurals.get(lang);
    if (!rules) {
      rules = new Intl.PluralRules(lang);
      this.plurals.set(lang, rules);
    }
    return rules;
  }
}

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/** A text with markup ('<b>{{left}}</b> left') in parts: plain text, and named tags with their text. */
export function markupParts(text: string): Array<string | { tag: string; text: string }> {
  const parts: Array<string | { tag: string; text: string }> = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ tag, text: inner });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
