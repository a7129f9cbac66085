import type { AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

// The console's "Publish" in the new-post form: create and publish in one call and one transaction.
const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const DAY = 86_400_000;
const admin = <A extends AdminActionName<'adminBlog'>>(action: A, body: Record<string, unknown>) => t.call('adminBlog', action, body, { token: owner, ip: '192.0.2.15' });
const post = (slug: string, over: Record<string, unknown> = {}) => ({
  slug,
  title: { en: `Post ${slug}`, zh: `文章 ${slug}` },
  summary: { en: 'A summary', zh: '摘要' },
  body: { en: 'Some text.', zh: '一些文字。' },
  category: 'news',
  ...over,
});
const shopSlugs = async () => ((await t.call('blog', 'list', { page: 1, size: 50, i18n: 'en' })).body.data?.items ?? []).map((p) => p.slug);
const auditOf = async (id: number) =>
  (await t.db.selectFrom('audit_log').select(['action', 'after_json']).where('target_type', '=', 'blog_post').where('target_id', '=', String(id)).orderBy('id', 'asc').execute()).map((r) => ({ action: r.action, after: JSON.parse(r.after_json ?? 'null') as Record<string, unknown> }));

describe('creating a blog post published at once', () => {
  it('publishes it now: the shop lists it, and the audit says created, then published', async () => {
    const res = await admin('create', post('published-on-create', { published: true }));
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const created = res.body.data as { id: number; published: boolean; publishedAt: number | null; version: number };
    expect(created).toMatchObject({ published: true, version: 1 });
    expect(created.publishedAt).toBeLessThanOrEqual(Date.now());
    expect(await shopSlugs()).toContain('published-on-create');
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['blog.create', 'blog.publish']);
    expect(audit[0]!.after).toMatchObject({ published: false });
    expect(audit[1]!.after).toMatchObject({ published: true, publishedAt: created.publishedAt });
  });

  it('keeps a later publish date: scheduled, out of the shop until then', async () => {
    const later = Date.now() + 3 * DAY;
    const res = await admin('create', post('scheduled-on-create', { published: true, publishedAt: later }));
    expect(res.body.data).toMatchObject({ published: true, publishedAt: later });
    expect(await shopSlugs()).not.toContain('scheduled-on-create');
  });

  it('without `published` it stays a draft, as before; a refused create publishes nothing', async () => {
    const res = await admin('create', post('draft-on-create'));
    expect(res.body.data).toMatchObject({ published: false, publishedAt: null });
    expect(await shopSlugs()).not.toContain('draft-on-create');
    const dup = await admin('create', post('draft-on-create', { published: true }));
    expect(dup.body.code).not.toBe(0);
    expect(await shopSlugs()).not.toContain('draft-on-create');
  });
});
