import './toggle-switch.css';

export interface ToggleSwitchProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  /** For a `<label htmlFor>` beside the switch that names it. */
  readonly id?: string;
  /** Needed unless a label names the switch. */
  readonly 'aria-label'?: string;
  readonly 'aria-describedby'?: string;
}

/**
 * An on/off switch that is a native checkbox with the switch role, drawn like the settings' switches.
 * antd-mobile's Switch is a div with role="switch" and no tabindex: Tab passes it by and Space does
 * nothing. This one is reached by Tab, toggled by Space and by a tap on its label. No loading state.
 */
export function ToggleSwitch({ checked, onChange, disabled, id, 'aria-label': label, 'aria-describedby': describedBy }: ToggleSwitchProps) {
  return (
    <input
      id={id}
      type="checkbox"
      role="switch"
      className="toggle-switch"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
