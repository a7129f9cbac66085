import type { FormInstance } from 'antd';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the staff member's system asks for less motion (WCAG 2.3.3). */
export const prefersReducedMotion = (): boolean => matchMedia(REDUCED_MOTION).matches;

/** Calls `changed` whenever that answer changes; returns the unsubscribe (useSyncExternalStore's shape). */
export function watchReducedMotion(changed: () => void): () => void {
  const query = matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** A scroll's behaviour: smooth, or at once while less motion is asked for. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

/**
 * A dialog's `afterOpenChange` that focuses a form field once the dialog is open: the field's own
 * autoFocus misses a dialog opened without motion, which is still hidden when the field mounts.
 */
export const focusFieldOnceOpen =
  <Values>(form: FormInstance<Values>, name: keyof Values & string) =>
  (opened: boolean) => {
    if (opened) form.focusField(name);
  };
