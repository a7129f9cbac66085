import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';

type Phase = 'idle' | 'pulling' | 'release' | 'refreshing' | 'complete';

/** How far the head must be pulled before letting go refreshes, and how tall it stays meanwhile. */
const THRESHOLD_PX = 60;
const HEAD_PX = 40;
const MAX_PX = 120;
const COMPLETE_MS = 500;
const PHASE_TEXT = { pulling: 'common.refresh.pulling', release: 'common.refresh.release', refreshing: 'common.refresh.refreshing', complete: 'common.refresh.complete' } as const;

const atTop = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/**
 * Pull down at the top of the page to refresh it (SPEC §2): the head follows the finger at half
 * speed, says whether letting go will refresh, then shows "Refreshing…" until `onRefresh`
 * settles. In place of antd-mobile's PullToRefresh, whose animation and gesture libraries (20 KB)
 * it keeps off the first screen.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children?: ReactNode }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  // Read by the touch listeners, which are attached once.
  const live = useRef({ startY: null as number | null, pull: 0, busy: false, onRefresh });
  live.current.onRefresh = onRefresh;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const state = live.current;
    const start = (e: TouchEvent) => {
      state.startY = !state.busy && e.touches.length === 1 && atTop() ? (e.touches[0]?.clientY ?? null) : null;
    };
    const move = (e: TouchEvent) => {
      if (state.startY === null) return;
      const dy = (e.touches[0]?.clientY ?? state.startY) - state.startY;
      if (dy <= 0 || !atTop()) {
        if (state.pull) setPull((state.pull = 0));
        setPhase('idle');
        return;
      }
      // Ours, not the browser's own pull-to-reload.
      if (e.cancelable) e.preventDefault();
      state.pull = Math.min(MAX_PX, dy / 2);
      setPull(state.pull);
      setPhase(state.pull >= THRESHOLD_PX ? 'release' : 'pulling');
    };
    const end = () => {
      if (state.startY === null) return;
      state.startY = null;
      if (state.pull < THRESHOLD_PX) {
        setPull((state.pull = 0));
        setPhase('idle');
        return;
      }
      state.busy = true;
      setPull((state.pull = HEAD_PX));
      setPhase('refreshing');
      void state
        .onRefresh()
        .catch(() => undefined)
        .then(async () => {
          setPhase('complete');
          await new Promise((resolve) => setTimeout(resolve, COMPLETE_MS));
        })
        .finally(() => {
          state.busy = false;
          setPull((state.pull = 0));
          setPhase('idle');
        });
    };
    el.addEventListener('touchstart', start, { passive: true });
    // Not passive: a pull that is ours cancels the browser's.
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end);
    el.addEventListener('touchcancel', end);
    return () => {
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, []);

  const text = phase === 'idle' ? null : t(PHASE_TEXT[phase]);
  const dragging = phase === 'pulling' || phase === 'release';
  return (
    <div className="pull-to-refresh" ref={root}>
      <div className={dragging ? 'pull-to-refresh-head' : 'pull-to-refresh-head pull-to-refresh-head--settling'} style={{ height: pull }} aria-live="polite">
        {text}
      </div>
      {children}
    </div>
  );
}
