import { Children, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * The parts of a page below its first screen, drawn one per task after the first paint and only
 * while the page's end is within half a screen of the viewport: the reader who scrolls finds
 * each part drawn before reaching it, and a visit that stays on the first screen does not pay
 * for drawing, laying out and decoding the pictures of the other three (on a phone,
 * Lighthouse counts every task's time over 50 ms until the page is quiet, scrolled or not).
 * A browser without IntersectionObserver draws every part. With `whenNear={false}` every part is
 * drawn, still one per task: for a page whose journeys read all of it (goods), where what matters
 * is that no single task draws and lays out the whole page.
 */
export function BelowTheFold({ children, whenNear = true }: { children: ReactNode; whenNear?: boolean }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(0);
  const [near, setNear] = useState(!whenNear || typeof IntersectionObserver === 'undefined');
  const end = useRef<HTMLDivElement>(null);
  const more = shown < parts.length;
  useEffect(() => {
    const element = end.current;
    if (!element || !whenNear || typeof IntersectionObserver === 'undefined') return;
    // Fires again each time a drawn part pushes the end out of reach, or scrolling brings it back.
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), { rootMargin: '50% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, whenNear]);
  useEffect(() => {
    if (!more || !near) return;
    // Effects run once the page has painted; the timer puts the next part in a task of its own.
    const timer = setTimeout(() => setShown((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, more, near]);
  return (
    <>
      {parts.slice(0, shown)}
      {more && <div ref={end} className="below-the-fold-more" aria-hidden="true" />}
    </>
  );
}
