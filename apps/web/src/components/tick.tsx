import { useId, type ReactNode } from 'react';
import './tick.css';

export interface TickProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  readonly className?: string;
  /** The label; visually hidden text when the tick stands beside what it names. */
  readonly children: ReactNode;
}

/**
 * A checkbox drawn like antd-mobile's round one, on a real `<input type=checkbox>` inside its
 * label. antd-mobile's Checkbox (and Radio) hide their input (display: none), so neither Tab nor a
 * screen reader finds it; this one is the native control itself (appearance: none), reached by
 * Tab, toggled by Space, announced with its label, with a focus ring. No indeterminate state.
 */
export function Tick({ checked, onChange, disabled, className, children }: TickProps) {
  const labelClass = ['tick', disabled ? 'tick--disabled' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <label className={labelClass}>
      <input type="checkbox" className="tick-input" checked={checked} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span className="tick-label">{children}</span>
    </label>
  );
}

export interface RadioChoicesProps<T extends string | number> {
  /** The group's name for a screen reader (or `labelledBy`, the id of a visible heading). */
  readonly label?: string;
  readonly labelledBy?: string;
  readonly value: T | null;
  readonly onChange: (value: T) => void;
  readonly options: ReadonlyArray<{ readonly value: T; readonly label: ReactNode; readonly disabled?: boolean }>;
  readonly direction?: 'vertical' | 'horizontal';
  readonly disabled?: boolean;
  /** On each option's label (e.g. a test's or a card's hook). */
  readonly optionClassName?: string;
}

/**
 * One choice of several, drawn as antd-mobile's Radio.Group is, on native radio buttons sharing a
 * name: Tab enters the group at the chosen one, the arrow keys choose, a screen reader says
 * "radio, 2 of 3". Replaces Radio.Group, whose inputs are hidden.
 */
export function RadioChoices<T extends string | number>({ label, labelledBy, value, onChange, options, direction = 'vertical', disabled, optionClassName }: RadioChoicesProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} aria-labelledby={labelledBy} className={`radio-choices radio-choices--${direction}`}>
      {options.map((o) => {
        const off = disabled || o.disabled;
        const labelClass = ['tick', off ? 'tick--disabled' : '', optionClassName ?? ''].filter(Boolean).join(' ');
        return (
          <label key={String(o.value)} className={labelClass}>
            <input type="radio" className="tick-input" name={name} value={String(o.value)} checked={o.value === value} disabled={off} onChange={() => onChange(o.value)} />
            <span className="tick-label">{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}

/** One radio button drawn as RadioChoices' are, for a choice laid out by its caller (a list row inside a label). */
export function RadioInput({ name, checked, disabled, onChange }: { readonly name: string; readonly checked: boolean; readonly disabled?: boolean; readonly onChange: () => void }) {
  return <input type="radio" className="tick-input" name={name} checked={checked} disabled={disabled} onChange={onChange} />;
}
