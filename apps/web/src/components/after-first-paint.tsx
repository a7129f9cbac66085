import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Renders its children in a task after the page's first paint: what is below the fold (the
 * product list, coupons, posts) then no longer holds back painting what is above it, and no
 * single task draws the whole page (issue 11: a phone's first screen, Lighthouse's blocking time).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // Effects run once the page has painted; the timer puts the drawing in a task of its own.
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <>{children}</> : null;
}
