import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The custom navigation bar of home and mine (SPEC §2 "Home and mine use custom navigation
 * bars"): the brand colour runs from the bar into the page header instead of a plain bar.
 */
export function BrandHeader({ title, left, right, children }: { title: ReactNode; left?: ReactNode; right?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="brand-header">
      <div className="brand-header-bar">
        <div className="brand-header-side">{left}</div>
        <h1 className="brand-header-title">{title}</h1>
        <div className="brand-header-side brand-header-side--right">{right}</div>
      </div>
      {children}
    </header>
  );
}
