import { Children, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Renders its children after the page's first paint, one child per task: what is below the fold
 * (the product list, coupons, posts) then no longer holds back painting what is above it, and no
 * single task draws all of it (issue 11: a phone's first screen, Lighthouse's blocking time
 * counts every task's time over 50 ms).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= parts.length) return;
    // Effects run once the page has painted; the timer puts the next child in a task of its own.
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, parts.length]);
  return <>{parts.slice(0, shown)}</>;
}
