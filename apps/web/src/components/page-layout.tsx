import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGoBack } from '@/lib/use-go-back';

export interface PageLayoutProps {
  /** The translated page title shown in the nav bar. */
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Content at the right of the nav bar. */
  readonly right?: ReactNode;
  /** Tab pages have no back arrow. */
  readonly back?: boolean;
  readonly className?: string;
}

/**
 * A page with the standard nav bar: title, back arrow (home when nothing is behind) and body.
 * The bar is our own markup rather than antd-mobile's NavBar, whose left side is a nameless
 * role="button" even when empty and whose back text is hidden from screen readers (axe).
 */
export function PageLayout({ title, children, right, back = true, className }: PageLayoutProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  useDocumentTitle(title);
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <header className="page-nav-bar">
        <div className="page-nav-side">
          {back ? (
            <button type="button" className="adm-nav-bar-back page-nav-back" aria-label={t('common.back')} onClick={goBack}>
              <LeftOutline aria-hidden />
            </button>
          ) : null}
        </div>
        <h1 className="page-nav-title">{title}</h1>
        <div className="page-nav-side page-nav-side--right">{right}</div>
      </header>
      <main className="page-body">{children}</main>
    </div>
  );
}
