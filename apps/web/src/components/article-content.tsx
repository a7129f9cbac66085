import { parseArticleContent } from '@simshop/contract';
import { useMemo } from 'react';
import './article-content.css';

/**
 * Renders the article markup (contract `parseArticleContent`) as React elements. Every piece is
 * text, so whatever an article contains is shown, never run: no HTML is injected. Tutorials and
 * blog posts both use it.
 */
export function ArticleContent({ content }: { content: string }) {
  const blocks = useMemo(() => parseArticleContent(content), [content]);
  return (
    <div className="article-content">
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return <h2 key={i}>{b.text}</h2>;
          case 'paragraph':
            return <p key={i}>{b.text}</p>;
          case 'steps':
            return (
              <ol key={i}>
                {b.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ol>
            );
          case 'bullets':
            return (
              <ul key={i}>
                {b.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
        }
      })}
    </div>
  );
}
