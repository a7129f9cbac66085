import type { ContentLink, HomeContentSource } from '@simshop/contract';

/**
 * The form edits the block as it is stored, under `content` (so a server error naming
 * `content.banners.0.link.key` lands on that field). A link's fields stay in the form when its
 * kind changes; on saving, each link keeps only its kind's fields and a link without a kind is
 * no link. Empty optional texts are left out.
 */
export interface HomeFormValues {
  content: HomeContentSource;
}

type LinkDraft = Partial<Record<'type' | 'key' | 'page' | 'redirect' | 'url' | 'target' | 'appId' | 'path' | 'file', string>> | undefined;

const text = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function cleanLink(link: LinkDraft): ContentLink | undefined {
  if (!link?.type) return undefined;
  switch (link.type) {
    case 'product':
      return { type: 'product', key: link.key ?? '' };
    case 'inner':
    case 'goods':
      return { type: link.type, page: link.page ?? '', ...(text(link.redirect) ? { redirect: text(link.redirect)! } : {}) };
    case 'outer':
      return { type: 'outer', url: link.url ?? '', ...(text(link.target) ? { target: text(link.target)! } : {}) };
    case 'mp':
      return { type: 'mp', appId: link.appId ?? '', ...(text(link.path) ? { path: text(link.path)! } : {}) };
    case 'download':
      return { type: 'download', file: link.file ?? '' };
    default:
      return undefined;
  }
}

function omitEmpty<T extends Record<string, unknown>>(entry: T): T {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && !(typeof v === 'string' && v.trim() === ''))) as T;
}

/** What the form holds, as the block to save. */
export function toContent(values: HomeFormValues): HomeContentSource {
  const c = values.content;
  return omitEmpty({
    title: c.title ?? '',
    notice: c.notice,
    banners: (c.banners ?? []).map((b) => omitEmpty({ ...b, link: cleanLink(b.link as LinkDraft) })),
    // A shortcut always links somewhere: an unchosen link is sent empty, and refused by the field.
    shortcuts: (c.shortcuts ?? []).map((s) => ({ ...omitEmpty({ icon: s.icon, title: s.title }), link: cleanLink(s.link as LinkDraft) ?? ({ type: 'inner', page: '' } as ContentLink) })),
    sections: (c.sections ?? []).map((s) => ({ title: s.title ?? '', items: (s.items ?? []).map((i) => omitEmpty({ ...i, link: cleanLink(i.link as LinkDraft) })) })),
  }) as HomeContentSource;
}

/** A warning's path (`sections.1.items.2.link`) as words and numbers for the texts. */
export function describePath(path: string): { kind: 'banner' | 'shortcut' | 'item'; n: number; m: number } {
  const parts = path.split('.');
  if (parts[0] === 'banners') return { kind: 'banner', n: Number(parts[1]) + 1, m: 0 };
  if (parts[0] === 'shortcuts') return { kind: 'shortcut', n: Number(parts[1]) + 1, m: 0 };
  return { kind: 'item', n: Number(parts[1]) + 1, m: Number(parts[3]) + 1 };
}
