import { List, Popup } from 'antd-mobile';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import './choice-sheet.css';
import './list-row.css';

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
 * href, so neither a keyboard nor a screen reader could use them: here the row's text is a button
 * covering the row (ListRow's look and focus ring), the choices are buttons that say which one is current, Escape closes, and focus goes to the
 * current choice when the sheet opens and back to the row once it has closed.
 */
export function ChoiceSheet<T extends string>({ icon, label, title, value, options, onChoose, testId }: ChoiceSheetProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const row = useRef<HTMLButtonElement>(null);
  // The sheet's content mounts after the sheet opens (its own render under React), so the current
  // choice takes focus when its button appears rather than in an effect of the opening.
  const focusOnMount = useCallback((button: HTMLButtonElement | null) => button?.focus(), []);
  const close = () => setOpen(false);
  const chosen = options.find((o) => o.value === value);
  return (
    <>
      <div data-testid={testId} className="choice-row">
        <List.Item className="list-row" prefix={icon} extra={<span className="list-row-extra">{chosen?.text}</span>} arrowIcon>
          <button ref={row} type="button" className="list-row-control" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
            {label}
          </button>
        </List.Item>
      </div>
      <Popup visible={open} onMaskClick={close} afterClose={() => row.current?.focus()} bodyClassName="choice-sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-label={title} onKeyDown={(e) => e.key === 'Escape' && close()}>
          <h2 className="choice-sheet-title">{title}</h2>
          <ul className="choice-sheet-list">
            {options.map((o) => (
              <li key={o.value}>
                <button
                  type="button"
                  ref={o.value === value ? focusOnMount : undefined}
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
