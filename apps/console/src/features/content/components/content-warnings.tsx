import { Alert } from 'antd';
import type { ContentWarning } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { describePath } from './home-form-values';

/** Says in words which entries would not work in the shop, and what the shop does with them. */
export function ContentWarnings({ warnings, published }: { warnings: ContentWarning[]; published?: boolean }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  const where = (w: ContentWarning) => {
    const p = describePath(w.path);
    return t(`content.where.${p.kind}`, { n: p.n, m: p.m });
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t(published ? 'content.warnings.published' : 'content.warnings.draft', { count: warnings.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {warnings.map((w) => (
            <li key={`${w.path}-${w.kind}`}>{w.kind === 'missing-product' ? t('content.warning.missing-product', { where: where(w), key: w.key }) : t('content.warning.id-link', { where: where(w), id: w.productId })}</li>
          ))}
        </ul>
      }
    />
  );
}
