import { parseArticleContent } from '@simshop/contract';
import { Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A tutorial or blog post as the shop renders it (the contract's markup: headings, numbered steps, bullets,
 * paragraphs), at a phone's width. Everything is text: nothing typed here can run as HTML.
 */
export function ArticlePreview({ title, content, lang }: { title: string; content: string; lang: 'en' | 'zh-Hans' }) {
  const { t } = useTranslation();
  const blocks = useMemo(() => parseArticleContent(content), [content]);
  return (
    <div lang={lang} style={{ width: 390, maxWidth: '100%', margin: '0 auto', border: '8px solid #1f1f1f', borderRadius: 28, background: '#fff', padding: '20px 16px', minHeight: 480, fontSize: 15, lineHeight: 1.6, color: '#1f1f1f' }}>
      {title || content ? (
        <>
          <h2 style={{ margin: '0 0 12px', fontSize: 20, lineHeight: 1.3 }}>{title}</h2>
          {blocks.map((b, i) => {
            switch (b.type) {
              case 'heading':
                return (
                  <h3 key={i} style={{ margin: '18px 0 6px', fontSize: 16 }}>
                    {b.text}
                  </h3>
                );
              case 'paragraph':
                return (
                  <p key={i} style={{ margin: '0 0 10px', whiteSpace: 'pre-line' }}>
                    {b.text}
                  </p>
                );
              case 'steps':
                return (
                  <ol key={i} style={{ margin: '0 0 10px', paddingLeft: 22 }}>
                    {b.items.map((item, j) => (
                      <li key={j}>{item}</li>
                    ))}
                  </ol>
                );
              case 'bullets':
                return (
                  <ul key={i} style={{ margin: '0 0 10px', paddingLeft: 22 }}>
                    {b.items.map((item, j) => (
                      <li key={j}>{item}</li>
                    ))}
                  </ul>
                );
            }
          })}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t('articles.preview.empty')}</Typography.Text>} />
      )}
    </div>
  );
}
