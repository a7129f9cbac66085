import type { CSSProperties } from 'react';
import './chip-choices.css';

export interface ChipChoicesProps<T extends string> {
  /** The group's name for a screen reader. */
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly options: ReadonlyArray<{ readonly value: T; readonly label: string }>;
  /** Laid out in this many equal columns; without it the chips wrap. */
  readonly columns?: number;
  readonly className?: string;
}

/**
 * A row of filter chips, one of them chosen, drawn as antd-mobile's Selector is. Its options are
 * divs with role="option" and no tabindex, which Tab passes by; these are buttons that say whether
 * they are pressed. Choosing the chosen one again keeps it (an "all" option is the way back).
 */
export function ChipChoices<T extends string>({ label, value, onChange, options, columns, className }: ChipChoicesProps<T>) {
  const style = columns ? ({ '--chip-columns': columns } as CSSProperties) : undefined;
  return (
    <div role="group" aria-label={label} className={['chip-choices', columns ? 'chip-choices--grid' : '', className ?? ''].filter(Boolean).join(' ')} style={style}>
      {options.map((o) => (
        <button key={o.value} type="button" className="chip-choice" aria-pressed={o.value === value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
