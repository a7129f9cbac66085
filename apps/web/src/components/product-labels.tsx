import type { ProductLabel } from '@simshop/contract';
import { LABEL_TEXT_COLOR } from '@simshop/contract';
import './product-labels.css';

/** A product's labels as small coloured tags (white text; the console only accepts colours it stays readable on). */
export function ProductLabels({ labels, className }: { labels: readonly ProductLabel[]; className?: string }) {
  if (!labels.length) return null;
  return (
    <span className={className ? `product-labels ${className}` : 'product-labels'}>
      {labels.map((l) => (
        <span key={l.id} className="product-label" style={{ background: l.color, color: LABEL_TEXT_COLOR }}>
          {l.text}
        </span>
      ))}
    </span>
  );
}
