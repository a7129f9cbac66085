const REDUCED = '(prefers-reduced-motion: reduce)';

/** Whether the visitor has asked their system for less motion. */
export const prefersReducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia(REDUCED).matches;

/** A scroll's behaviour: smooth, or at once while less motion is asked for. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

/**
 * antd-mobile moves its popups, dialogs, toasts and masks in JavaScript, out of reach of a CSS
 * media query: its own switch stops them while the visitor asks for less motion, and starts them
 * again when they stop asking. The switch is loaded only then, so the first screen still goes
 * without the animation library.
 */
export function followReducedMotion(): void {
  if (typeof matchMedia !== 'function') return;
  const query = matchMedia(REDUCED);
  const apply = async () => {
    const { reduceMotion, restoreMotion } = await import('./motion-switch');
    if (query.matches) reduceMotion();
    else restoreMotion();
  };
  if (query.matches) void apply();
  query.addEventListener('change', () => void apply());
}
