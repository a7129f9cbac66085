import { useTranslation } from '@/i18n';
import { QuantityStepper } from '@/components/quantity-stepper';

/**
 * A whole-number field with − and + for the estimator (days, hours): the shop's quantity stepper,
 * with buttons named for what they change ("Fewer: Days abroad") rather than "one item".
 */
export function NumberStepper({ value, min, max, onChange, label }: { value: number; min: number; max: number; onChange: (value: number) => void; label: string }) {
  const { t } = useTranslation();
  return <QuantityStepper value={value} min={min} max={max} onChange={onChange} label={label} buttonLabels={{ less: t('tools.stepper.less', { name: label }), more: t('tools.stepper.more', { name: label }) }} />;
}
