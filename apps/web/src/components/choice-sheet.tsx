import { List, Popup } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import './choice-sheet.css';

export interface ChoiceSheetProps<T extends string> {
  icon: ReactNode;
  label: string;
  title: string;
  value: T;
  options: ReadonlyArray<{ value: T; text: string }>;
  onChoose: (value: T) => void;
  testId: string;
}

/**
 * A settings row that opens a sheet of choices (language, currency). antd-mobile's ActionSheet
 * lists its choices as options without a listbox and its clickable row is an anchor without
 * href, so neither a keyboard nor a screen reader could use them: here the row is a button,
 * the choices are buttons that say which one is current, Escape closes, and focus goes to the
 * current choice when the sheet opens and back to the row when it closes.
 */
export function ChoiceSheet<T extends string>({ icon, label, title, value, options, onChoose, testId }: ChoiceSheetProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    row.current?.focus();
  };
  useEffect(() => {
    if (open) current.current?.focus();
  }, [open]);
  const chosen = options.find((o) => o.value === value);
  return (
    <>
      <div
        ref={row}
        role="button"
        tabIndex={0}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={testId}
        className="choice-row"
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        <List.Item prefix={icon} extra={chosen?.text} arrowIcon>
          {label}
        </List.Item>
      </div>
      <Popup visible={open} onMaskClick={close} bodyClassName="choice-sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-label={title} onKeyDown={(e) => e.key === 'Escape' && close()}>
          <h2 className="choice-sheet-title">{title}</h2>
          <ul className="choice-sheet-list">
            {options.map((o) => (
              <li key={o.value}>
                <button
                  type="button"
                  ref={o.value === value ? current : undefined}
                  aria-pressed={o.value === value}
                  className="choice-sheet-item"
                  onClick={() => {
                    close();
                    if (o.value !== value) onChoose(o.value);
                  }}
                >
                  {o.text}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="choice-sheet-item choice-sheet-cancel" onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </Popup>
    </>
  );
}
