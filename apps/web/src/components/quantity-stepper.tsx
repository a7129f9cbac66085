import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from '@/i18n';

export interface QuantityStepperProps {
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
  /** What is counted, e.g. "Quantity of Asia eSIM": names the field and its group for screen readers. */
  readonly label: string;
  readonly disabled?: boolean;
  /** Names for − and + where "one fewer / one more item" would be wrong (e.g. "Fewer: Days abroad"). */
  readonly buttonLabels?: { readonly less: string; readonly more: string };
}

/**
 * A quantity field with − and +: 44 px tap targets, a labelled number field, and
 * nothing on the wrapper that assistive technology would misread (antd-mobile's Stepper puts
 * spinbutton attributes on a plain div and leaves its input unnamed).
 */
export function QuantityStepper({ value, min, max, onChange, label, disabled = false, buttonLabels }: QuantityStepperProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(String(value));
  // The field follows a new value from outside (a cart line updated); set while rendering, not in
  // an effect: an effect after the first paint could overwrite what was typed in between.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(String(value));
  }

  const commit = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.round(Number.isFinite(next) ? next : value)));
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };

  return (
    <div className="qty-stepper" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="visually-hidden">{label}</span>
      <button type="button" className="qty-stepper-button" aria-label={buttonLabels?.less ?? t('shop.decrease')} disabled={disabled || value <= min} onClick={() => commit(value - 1)}>
        <MinusOutline aria-hidden />
      </button>
      <input
        className="qty-stepper-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(Number(text));
        }}
      />
      <button type="button" className="qty-stepper-button" aria-label={buttonLabels?.more ?? t('shop.increase')} disabled={disabled || value >= max} onClick={() => commit(value + 1)}>
        <AddOutline aria-hidden />
      </button>
    </div>
  );
}
