import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { fallbackKey, skuCodeFromKey, slugFromName } from './product-templates';
import type { ProductValues } from '../components/product-values';

type Lang = 'en' | 'zh';
/** The texts a new product copies from one language to the other. */
export const COPIED_TEXTS = ['name', 'subtitle', 'description'] as const;
type CopiedText = (typeof COPIED_TEXTS)[number];
/** Per text, the language whose value is a copy of the other, waiting for the owner's review. */
export type ReviewMarks = Partial<Record<CopiedText, Lang>>;

const other = (lang: Lang): Lang => (lang === 'en' ? 'zh' : 'en');

/**
 * What a new product's editor fills as the owner types, until the owner changes it by hand:
 * - the other language's name, subtitle and description, copied from the first as typed and
 *   marked "to review" (a copy, never a translation pretending to be final) until edited;
 * - the key, a slug of the name (the English one, else the Chinese one's ASCII words, else
 *   `fallbackKey`: no pinyin);
 * - each SKU's code, from the key.
 * It reads only the changes a person made (antd's onValuesChange), so its own writes never loop.
 */
export function useNewProductFill(form: FormInstance<ProductValues>, enabled: boolean) {
  const [marks, setMarks] = useState<ReviewMarks>({});
  const keyTouched = useRef(false);
  const fallback = useRef<string | null>(null);

  const deriveCodes = (key: string, previousKey: string) => {
    const skus = (form.getFieldValue('skus') as ProductValues['skus'] | undefined) ?? [];
    skus.forEach((s, i) => {
      const before = skuCodeFromKey(previousKey, i, skus.length);
      if (!s.code || s.code === before || s.code === skuCodeFromKey(previousKey, i, 1)) form.setFieldValue(['skus', i, 'code'], key ? skuCodeFromKey(key, i, skus.length) : '');
    });
  };

  const deriveKey = (all: ProductValues) => {
    if (keyTouched.current) return;
    const typed = all.name?.en?.trim() || all.name?.zh?.trim() || '';
    let key = slugFromName(all.name?.en ?? '') || slugFromName(all.name?.zh ?? '');
    if (!key && typed) key = fallback.current ??= fallbackKey(all.kind);
    const previous = (form.getFieldValue('key') as string | undefined) ?? '';
    if (key === previous) return;
    form.setFieldValue('key', key);
    deriveCodes(key, previous);
  };

  const onValuesChange = (changed: Partial<ProductValues>, all: ProductValues) => {
    if (!enabled) return;
    if (changed.key !== undefined) keyTouched.current = true;
    let next = marks;
    for (const field of COPIED_TEXTS) {
      const part = changed[field] as Partial<Record<Lang, string>> | undefined;
      const lang = part ? (Object.keys(part)[0] as Lang | undefined) : undefined;
      if (!part || !lang) continue;
      const there = other(lang);
      if (next[field] === lang) {
        // The owner edited the copy: it is theirs now.
        const { [field]: _reviewed, ...rest } = next;
        next = rest;
      } else if (!all[field]?.[there] || next[field] === there) {
        const value = part[lang] ?? '';
        form.setFieldValue([field, there], value);
        next = value ? { ...next, [field]: there } : (({ [field]: _gone, ...rest }) => rest)(next);
      }
    }
    if (next !== marks) setMarks(next);
    if (changed.name) deriveKey(form.getFieldsValue(true) as ProductValues);
    if (changed.key !== undefined) {
      const skus = (all.skus ?? []).length;
      // Codes still empty follow a typed key too.
      (form.getFieldValue('skus') as ProductValues['skus']).forEach((s, i) => !s.code && changed.key && form.setFieldValue(['skus', i, 'code'], skuCodeFromKey(changed.key, i, skus)));
    }
  };

  return { marks, onValuesChange };
}
