import type { ReactNode } from 'react';

/**
 * A card section named by its title, so assistive technology lists it as a region by that name:
 * the section's `aria-labelledby` points at the heading, whose `id` is given.
 */
export function TitledCard({ id, title, level = 2, className, titleClassName, children }: { id: string; title: ReactNode; level?: 2 | 3; className?: string; titleClassName?: string; children?: ReactNode }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <Heading className={titleClassName ? `card-title ${titleClassName}` : 'card-title'} id={id}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
