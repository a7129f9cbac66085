import { describe, expect, it } from 'vitest';
import { articleImportSchema, parseArticleContent } from './articles.ts';

describe('article markup', () => {
  it('reads headings, paragraphs, numbered steps and bullets', () => {
    const text = ['Intro line one', 'line two', '', '## Steps', '1. Open Settings', '2) Tap Cellular', '   and wait', '', '- a note', '* another', 'Plain <b>text</b>'].join('\r\n');
    expect(parseArticleContent(text)).toEqual([
      { type: 'paragraph', text: 'Intro line one\nline two' },
      { type: 'heading', text: 'Steps' },
      { type: 'steps', items: ['Open Settings', 'Tap Cellular and wait'] },
      { type: 'bullets', items: ['a note', 'another Plain <b>text</b>'] },
    ]);
  });

  it('starts a new list when the kind changes and keeps HTML as text', () => {
    expect(parseArticleContent('- one\n1. two\n\n<script>x</script>')).toEqual([
      { type: 'bullets', items: ['one'] },
      { type: 'steps', items: ['two'] },
      { type: 'paragraph', text: '<script>x</script>' },
    ]);
    expect(parseArticleContent('   \n\n')).toEqual([]);
  });

  it('checks imported articles', () => {
    expect(articleImportSchema.parse({ slug: 'install-iphone', title: { en: 'T' }, content: { en: 'C' } })).toMatchObject({ sort: 0, published: true, title: { zh: '' } });
    expect(articleImportSchema.safeParse({ slug: 'Bad Slug', title: { en: 'T' }, content: { en: 'C' } }).success).toBe(false);
    expect(articleImportSchema.safeParse({ slug: 'ok', title: { en: '' }, content: { en: 'C' } }).success).toBe(false);
  });
});
