import { mediaSrcSetOf, PAGE_IMAGE_SIZES } from '@simshop/contract';
import { useState } from 'react';
import type { MouseEventHandler } from 'react';

/**
 * A product or content picture: the browser's own image, on a tint while it loads, the tint alone
 * when there is no picture or it fails. Replaces antd-mobile's Image, which hides the picture
 * until its load event has redrawn the component (a render and a layout per picture, and the
 * largest picture of a page painted one task late) and lazy-loads through its own observers.
 * `lazy` is the browser's `loading="lazy"`; `priority` asks for the picture first. A media library
 * picture comes with a srcset of its sizes: `sizes` is its drawn width (`width`, else the page's).
 */
export function Picture({
  src,
  alt = '',
  width,
  height,
  fit = 'cover',
  lazy = false,
  priority = false,
  className,
  sizes,
  onClick,
}: {
  src: string | undefined;
  alt?: string;
  width?: number;
  height?: number;
  fit?: 'cover' | 'contain';
  lazy?: boolean;
  priority?: boolean;
  className?: string;
  sizes?: string;
  onClick?: MouseEventHandler<HTMLElement>;
}) {
  const [failed, setFailed] = useState<string>();
  const classes = `picture picture--${fit}${className ? ` ${className}` : ''}`;
  const size = { width, height };
  const srcSet = mediaSrcSetOf(src);
  if (!src || failed === src) {
    return <span className={`${classes} picture--none`} style={size} role={alt ? 'img' : undefined} aria-label={alt || undefined} onClick={onClick} />;
  }
  return (
    <img
      className={classes}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? (width ? `${width}px` : PAGE_IMAGE_SIZES)) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      onClick={onClick}
    />
  );
}
