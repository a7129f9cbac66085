import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A page with the standard nav bar: title, back arrow (home when nothing is behind) and body. */
export function PageLayout({ title, children, right, back = true, className }: PageLayoutProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  useDocumentTitle(title);
  return (
    <div className={className ? `page ${className}` : 'page'}>
      <NavBar
        className="page-nav-bar"
        // The arrow alone says nothing to a screen reader: the word is there, visually hidden.
        back={back ? <span className="visually-hidden">{t('common.back')}</span> : null}
        backIcon={back}
        onBack={back ? goBack : undefined}
        right={right}
      >
        <h1 className="page-nav-title">{title}</h1>
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
