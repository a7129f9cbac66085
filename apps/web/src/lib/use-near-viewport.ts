import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within half a screen of the viewport, and from then on: for a
 * part of a page below the fold that is costly to draw. The goods page's reviews are drawn so:
 * a Chinese review on an English page loads a CJK font, 100 ms of a phone's main
 * thread in a cold browser, for text that is a screen or two down. Drawn before it is reached,
 * so the reader never sees it appear; a browser without IntersectionObserver draws it at once.
 */
export function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '50% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
