import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-drawn page that the app may take over on its own: React hydrates each
 * Suspense boundary apart and yields to the browser between them, so a long page is taken over
 * in several short tasks instead of one long one (a phone answers a tap meanwhile; Lighthouse
 * counts each task's time over 50 ms as blocking). Nothing suspends in it: the fallback is never shown.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
