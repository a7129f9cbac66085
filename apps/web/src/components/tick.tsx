import type { ReactNode } from 'react';
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
 * label. antd-mobile's Checkbox hides its input (display: none), so neither Tab nor a screen
 * reader finds it; this one is the native control itself (appearance: none), reached by Tab,
 * toggled by Space, announced with its label, with a focus ring. No indeterminate state, no groups.
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
