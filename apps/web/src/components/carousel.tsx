import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { prefersReducedMotion } from '@/lib/motion';

/**
 * Slides side by side that the finger swipes (CSS scroll snapping does the physics), with dots
 * and, given `intervalMs` and more than one slide, a turn that often, stopping while the visitor touches,
 * points at or focuses it, or asks for reduced motion. Built on the browser's scrolling rather
 * than antd-mobile's Swiper, whose animation and gesture libraries were 20 KB of the first screen.
 */
export function Carousel({ slides, label, intervalMs, className }: { slides: readonly ReactNode[]; label: string; intervalMs?: number; className?: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (!intervalMs || count < 2 || held || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [count, held, intervalMs]);

  return (
    <div
      className={className ? `carousel ${className}` : 'carousel'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onTouchStart={() => setHeld(true)}
      onTouchEnd={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* The scrolling part is the region, focusable so the arrow keys scroll it (axe: scrollable-region-focusable). */}
      <div className="carousel-track" ref={track} role="region" aria-roledescription={t('carousel.name')} aria-label={label} tabIndex={0} onScroll={(e) => setCurrent(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}>
        {slides.map((slide, i) => (
          <div className="carousel-slide" key={i} role="group" aria-roledescription={t('carousel.slide')} aria-label={t('carousel.position', { index: i + 1, count })}>
            {slide}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel-dots" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={i === current ? 'carousel-dot carousel-dot--current' : 'carousel-dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
