import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A whole-number field with − and + for the estimator (days, hours): the shop's quantity stepper
 * look, with buttons named for what they change ("Fewer: Days abroad") rather than "one item".
 */
export function NumberStepper({ value, min, max, onChange, label }: { value: number; min: number; max: number; onChange: (value: number) => void; label: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.round(Number.isFinite(next) ? next : value)));
    setText(String(clamped));
    if (clamped !== value) onChange(clamped);
  };
  return (
    <div className="qty-stepper" role="group" aria-label={label}>
      <button type="button" className="qty-stepper-button" aria-label={t('tools.stepper.less', { name: label })} disabled={value <= min} onClick={() => commit(value - 1)}>
        <MinusOutline aria-hidden />
      </button>
      <input
        className="qty-stepper-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        aria-label={label}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => commit(Number(text))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(Number(text));
        }}
      />
      <button type="button" className="qty-stepper-button" aria-label={t('tools.stepper.more', { name: label })} disabled={value >= max} onClick={() => commit(value + 1)}>
        <AddOutline aria-hidden />
      </button>
    </div>
  );
}
